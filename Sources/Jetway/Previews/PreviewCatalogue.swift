import Foundation

/// One preview of the app: a `#Preview`, or a `PreviewProvider`'s `previews`.
struct PreviewEntry {
    /// What names it in a link: `File.swift:12` for a `#Preview`, the type for a provider.
    let key: String
    let title: String
    /// Where it is written.
    let location: String
    let make: @MainActor () -> AnyView

    /// Every preview in the process, in file and line order (providers after, by name).
    @MainActor static func all() -> [PreviewEntry] {
        let macros = ConformingTypes.conforming(to: "PreviewRegistry").compactMap { $0 as? any PreviewRegistry.Type }
            .sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
            .map { PreviewEntry(registry: $0) }
        let providers = ConformingTypes.conforming(to: "PreviewProvider").compactMap { $0 as? any PreviewProvider.Type }
            .map { PreviewEntry(provider: $0) }
            .sorted { $0.title < $1.title }
        return macros + providers
    }

    @MainActor init<Registry: PreviewRegistry>(registry: Registry.Type) {
        let file = Registry.fileID.split(separator: "/").last.map(String.init) ?? Registry.fileID
        key = "\(file):\(Registry.line)"
        title = Registry.name ?? "\(file):\(Registry.line)"
        location = "\(Registry.fileID):\(Registry.line)"
        make = {
            var layout: PreviewLayout = .device
            var orientation = InterfaceOrientation.portrait
            for trait in Registry.traits {
                switch trait.kind {
                case .layout(let value): layout = value ?? .device
                case .orientation(let value): orientation = value
                }
            }
            return AnyView(
                Registry.makeContent().previewLayout(layout).previewInterfaceOrientation(orientation))
        }
    }

    @MainActor init<Provider: PreviewProvider>(provider: Provider.Type) {
        key = String(describing: Provider.self)
        title = key
        location = String(reflecting: Provider.self)
        make = { AnyView(Provider.previews) }
    }
}

/// Every preview of the app, live, each at the size it asks for and under a link that shows it
/// alone (`?preview=File.swift:12`): the server's `/_jetway/previews` in development mode.
public struct PreviewCatalogue: View {
    let entries: [PreviewEntry]
    let selected: String?

    /// `selected`: the key of the one preview to show (a link's `preview` query), else all.
    @MainActor public init(selected: String? = nil) {
        let all = PreviewEntry.all()
        self.entries = selected.map { key in all.filter { $0.key == key } } ?? all
        self.selected = selected
    }

    /// A link back to every preview when showing one, then each preview under its title and a link
    /// to it alone (or a line saying there are none).
    public var body: some View {
        VStack(alignment: .leading, spacing: 28) {
            if selected != nil {
                Link("All previews", destination: URL(string: "/_jetway/previews")!)
            }
            if entries.isEmpty {
                if let selected {
                    Text("No preview \(selected): it may have moved to another line.")
                        .foregroundColor(.secondary)
                } else {
                    Text("No previews: add #Preview { MyView() } to a view's file, or a PreviewProvider.")
                        .foregroundColor(.secondary)
                }
            }
            ForEach(entries.indices, id: \.self) { index in
                let entry = entries[index]
                VStack(alignment: .leading, spacing: 8) {
                    HStack(spacing: 12) {
                        Text(entry.title).font(.headline)
                        Link(entry.location, destination: Self.link(to: entry.key))
                            .font(.caption)
                    }
                    entry.make()
                }
                .accessibilityIdentifier("preview-" + entry.key)
            }
        }
        .padding()
        .environment(\.isPreviewing, true)
        .navigationTitle(selected ?? "Previews")
    }

    static func link(to key: String) -> URL {
        var components = URLComponents()
        components.path = "/_jetway/previews"
        components.queryItems = [URLQueryItem(name: "preview", value: key)]
        return components.url!
    }
}
