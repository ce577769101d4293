import Observation

/// Whether the user is editing a list (`@Environment(\.editMode)`), as SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
    /// `inactive`: not editing. `active`: editing (a list shows its delete and move controls).
    /// `transient`: editing for a moment, as SwiftUI's; Jetway treats it as `active`.
    case inactive, transient, active

    /// Whether the mode is `active` or `transient`.
    public var isEditing: Bool { self != .inactive }
}

/// A button that turns editing on and off ("Edit" / "Done") for the `NavigationStack` it is in:
/// views below read it with `@Environment(\.editMode)`.
///
/// ```swift
/// List { ForEach(stops) { … }.onDelete { … }.onMove { … } }
///     .toolbar { EditButton() }
/// ```
public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    /// An edit button for the stack around it.
    public init() {}

    /// "Edit" or "Done", switching the stack's edit mode; a disabled "Edit" outside a
    /// `NavigationStack`.
    public var body: some View {
        if let editMode {
            Button(editMode.wrappedValue.isEditing ? "Done" : "Edit") {
                editMode.wrappedValue = editMode.wrappedValue.isEditing ? .inactive : .active
            }
        } else {
            // No stack around it: nothing to edit, as in SwiftUI; said, not hidden.
            Button("Edit") {}.disabled(true)
        }
    }
}

/// A stack's edit mode, read through Observation so that the views that read it follow it.
@Observable @MainActor
final class EditModeState {
    var mode: EditMode = .inactive
    @ObservationIgnored lazy var binding = Binding<EditMode>(
        get: { [unowned self] in self.mode }, set: { [unowned self] in self.mode = $0 })
}

private struct EditModeKey: EnvironmentKey { static var defaultValue: Binding<EditMode>? { nil } }

extension EnvironmentValues {
    /// The edit mode of the `NavigationStack` around (nil outside one).
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}
