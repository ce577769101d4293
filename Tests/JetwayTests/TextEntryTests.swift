import JetwayTesting
import Testing

@testable import Jetway

/// Formatted values, a text editor and a field's keyboard settings, as SwiftUI apps write them.
private struct FareForm: View {
    @State private var fare = 12.5
    @State private var seats = 3
    @State private var notes = "Window seat"
    @State private var code = ""

    var body: some View {
        Form {
            TextField("Fare", value: $fare, format: .number)
            TextField("Seats", value: $seats, formatter: NumberFormatter())
            Text("fare \(fare, specifier: "%.2f")")
            Text(seats, format: .number)
            Text("seats \(seats)")
            TextEditor(text: $notes)
            Text("notes: \(notes)")
            TextField("Code", text: $code)
                .textInputAutocapitalization(.characters)
                .disableAutocorrection(true)
                .submitLabel(.go)
        }
    }
}

@MainActor
struct TextEntryTests {
    @Test func aFieldBoundToAFormattedValueParsesWhatIsTyped() throws {
        let host = ViewHost(FareForm())
        #expect(host.text.contains("fare 12.50"))
        // Committed (Return, or the focus leaving: the input's change), as SwiftUI's: a keystroke's
        // half-typed number is not taken (nor written back into the field while it is typed).
        #expect(throws: (any Error).self) { try host.type("14.", into: "Fare") }
        try host.enter("14.25", into: "Fare")
        #expect(host.text.contains("fare 14.25"))
        try host.enter("fourteen", into: "Fare")
        #expect(host.text.contains("fare 14.25"), "text the format cannot read leaves the value")
        try host.enter("7", into: "Seats")
        #expect(host.text.contains("seats 7"), "a Formatter reads an Int")
    }

    @Test func aTextEditorIsATextAreaBoundToItsString() throws {
        let host = ViewHost(FareForm())
        let editor = try #require(host.elements(withClass: StyleClass.textEditor).first)
        #expect(editor.tag == "textarea" && editor.textContent == "Window seat")
        try host.send(.input, .text("Aisle\nplease")) { $0 === editor }
        #expect(host.text.contains("notes: Aisle\nplease"))
    }

    @Test func aFieldsKeyboardSettingsAreTheInputsAttributes() throws {
        let html = ViewHost(FareForm()).html
        #expect(html.contains("autocapitalize=\"characters\""))
        #expect(html.contains("autocorrect=\"off\"") && html.contains("spellcheck=\"false\""))
        #expect(html.contains("enterkeyhint=\"go\""))
    }

    @Test func formatsWriteValuesAsFoundationDoes() {
        let text = ViewHost(Text(0.5, format: .percent)).text
        #expect(text == 0.5.formatted(.percent))
    }
}
