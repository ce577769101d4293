import JetwayTesting
import Testing

@testable import Jetway

/// `TextField(axis: .vertical)` is a text area; `.keyboardType` and `.textContentType` become
/// the input's type, `inputmode` and `autocomplete`.
@MainActor
struct TextFieldHintsTests {
    struct Notes: View {
        @State var notes = "first"
        var body: some View {
            VStack {
                TextField("Notes", text: $notes, axis: .vertical)
                Button("Clear") { notes = "" }
            }
        }
    }

    @Test func aVerticalFieldIsATextAreaThatTypingAndTheModelBothChange() throws {
        let host = ViewHost(Notes())
        #expect(host.html.contains("<textarea") && host.html.contains(">first</textarea>"))
        try host.type("two\nlines", into: "Notes")
        #expect(host.html.contains(">two\nlines</textarea>"))
        try host.tap("Clear")
        #expect(host.html.contains("></textarea>"))
    }

    @Test func keyboardAndContentHintsBecomeInputAttributes() {
        let host = ViewHost(
            VStack {
                TextField("Email", text: .constant("")).keyboardType(.emailAddress).textContentType(.emailAddress)
                TextField("Seats", text: .constant("")).keyboardType(.numberPad)
                TextField("Phone", text: .constant("")).keyboardType(.phonePad)
                SecureField("New password", text: .constant("")).textContentType(.newPassword)
                SecureField("Password", text: .constant(""))
            })
        let inputs = host.dom.root.descendants.filter { $0.tag == "input" }
        #expect(inputs.map { $0.attribute("type") } == ["email", "text", "tel", "password", "password"])
        #expect(inputs.map { $0.attribute("inputmode") } == ["email", "numeric", "tel", nil, nil])
        #expect(inputs.map { $0.attribute("autocomplete") } == ["email", nil, nil, "new-password", "current-password"])
    }
}
