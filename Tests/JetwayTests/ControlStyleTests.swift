import JetwayTesting
import Testing

@testable import Jetway

/// Control styles as SwiftUI apps write them: built-in ones by name or by type, and an app's
/// own `ButtonStyle`, `PrimitiveButtonStyle`, `ToggleStyle`, `LabelStyle` and
/// `ProgressViewStyle` drawing the control's parts.
private struct PillButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(8)
            .foregroundColor(configuration.role == .destructive ? .red : .white)
            .background(Capsule().fill(Color.blue))
            .opacity(configuration.isPressed ? 0.5 : 1)
    }
}

private struct TapOnlyStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.onTapGesture { configuration.trigger() }
    }
}

private struct WrappingStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        BorderedProminentButtonStyle().makeBody(configuration: configuration).padding(4)
    }
}

private struct CheckStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button {
            configuration.isOn.toggle()
        } label: {
            HStack {
                Image(systemName: configuration.isOn ? "checkmark.square" : "square")
                configuration.label
            }
        }
    }
}

private struct VerticalLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack {
            configuration.icon; configuration.title
        }
    }
}

private struct PercentStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
    }
}

private struct Screen: View {
    @State private var taps = 0
    @State private var muted = false
    @State private var starred = false
    var body: some View {
        VStack {
            Text("taps \(taps)")
            Button("Pill") { taps += 1 }.buttonStyle(PillButtonStyle())
            Button("Tap only") { taps += 10 }.buttonStyle(TapOnlyStyle())
            Button("Wrapped") { taps += 100 }.buttonStyle(WrappingStyle())
            Button("Plain") { taps += 1000 }.buttonStyle(PlainButtonStyle())
            Button("Add", systemImage: "plus") { taps += 5 }.buttonStyle(.borderedProminent)
            Toggle("Muted", isOn: $muted).toggleStyle(CheckStyle())
            Toggle("Starred", isOn: $starred).toggleStyle(.button)
            Toggle("Agree", isOn: $starred).toggleStyle(.checkbox)
            Toggle("Switch", isOn: $starred).toggleStyle(SwitchToggleStyle())
            Text(muted ? "muted" : "loud")
        }
    }
}

/// The `<button>` a text is in.
@MainActor private func button(_ text: String, in host: ViewHost) -> DOMNode? {
    host.elements(withText: text).lazy.compactMap { node in node.tag == "button" ? node : node.ancestors.first { $0.tag == "button" } }
        .first
}

@MainActor
struct ControlStyleTests {
    @Test func anAppsOwnButtonStyleDrawsTheLabelInsideAButtonThatStillActs() throws {
        let host = ViewHost(Screen())
        let pill = try #require(button("Pill", in: host))
        #expect(pill.attribute("class") == "jw-button jw-styled")
        #expect(host.html.contains("background:") && host.html.contains("color:"), "the style's own look")
        try host.tap("Pill")
        #expect(host.text.contains("taps 1"))
    }

    @Test func aPrimitiveStyleDecidesWhatActs() throws {
        let host = ViewHost(Screen())
        #expect(button("Tap only", in: host) == nil, "no <button>: the style's own tap")
        try host.tap("Tap only")
        #expect(host.text.contains("taps 10"))
        let wrapped = try #require(button("Wrapped", in: host))
        #expect(wrapped.attribute("class") == "jw-button jw-prominent", "a built-in style's body inside an app's own")
        try host.tap("Wrapped")
        #expect(host.text.contains("taps 110"))
        let plain = try #require(button("Plain", in: host))
        #expect(plain.attribute("class") == "jw-button jw-plain")
        try host.tap("Add")
        #expect(host.text.contains("taps 115"))
    }

    @Test func toggleStylesDrawTheValueAndChangeIt() throws {
        let host = ViewHost(Screen())
        #expect(host.text.contains("loud"))
        try host.tap("Muted")
        #expect(host.text.contains("muted"), "configuration.isOn is a binding")
        let starred = try #require(button("Starred", in: host))
        #expect(starred.attribute("aria-pressed") == "false")
        try host.tap("Starred")
        let pressed = try #require(button("Starred", in: host))
        #expect(pressed.attribute("aria-pressed") == "true")
        #expect(host.html.contains("jw-toggle jw-checkbox"), "a checkbox")
        #expect(host.html.contains("role=\"switch\""), "a switch")
    }

    @Test func labelStylesShowThePartsTheyAskFor() throws {
        let icon = ViewHost(Label("Departures", systemImage: "airplane").labelStyle(.iconOnly))
        #expect(icon.text.isEmpty)
        #expect(icon.html.contains("aria-label=\"Departures\""))
        let title = ViewHost(Label("Departures", systemImage: "airplane").labelStyle(TitleOnlyLabelStyle()))
        #expect(title.text == "Departures" && !title.html.contains("jw-symbol"))
        let vertical = ViewHost(Label("Departures", systemImage: "airplane").labelStyle(VerticalLabelStyle()))
        #expect(vertical.html.contains("jw-vstack") && vertical.text == "Departures")
    }

    @Test func progressStylesDrawARingOrTheAppsOwn() throws {
        let ring = ViewHost(ProgressView(value: 0.25).progressViewStyle(.circular))
        #expect(ring.html.contains("--jw-fraction:0.25") && ring.html.contains("aria-valuenow=\"25\""))
        let spinner = ViewHost(ProgressView().progressViewStyle(CircularProgressViewStyle()))
        #expect(spinner.html.contains("jw-progress-ring") && !spinner.html.contains("aria-valuenow"))
        let bar = ViewHost(ProgressView(value: 3, total: 4).progressViewStyle(.linear))
        #expect(bar.html.contains("<progress") && bar.html.contains("value=\"3\""))
        let percent = ViewHost(ProgressView(value: 3, total: 4).progressViewStyle(PercentStyle()))
        #expect(percent.text == "75 %")
    }
}
