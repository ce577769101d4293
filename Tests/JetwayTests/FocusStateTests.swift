import JetwayTesting
import Testing

@testable import Jetway

/// `@FocusState` as SwiftUI forms use it: the app asks for the focus once per change (a new
/// serial in `data-jw-focus`), and the browser's focus and blur set the state without asking.
private struct SignInForm: View {
    enum Field: Hashable { case user, password }
    @FocusState private var focus: Field?
    @FocusState private var searching: Bool
    @State private var user = ""

    var body: some View {
        VStack {
            TextField("User", text: $user).focused($focus, equals: .user)
            SecureField("Password", text: .constant("")).focused($focus, equals: .password)
            TextField("Search", text: .constant("")).focused($searching)
            Button("Password next") { focus = .password }
            Button("Search now") { searching = true }
            Button("Done") { focus = nil }
            Text("focus \(focus.map { "\($0)" } ?? "none") searching \(searching)")
        }
    }
}

@MainActor
struct FocusStateTests {
    private func request(_ host: ViewHost, _ label: String) -> String? {
        host.elements(withClass: StyleClass.textfield).first { $0.attribute("aria-label") == label }?.attribute(
            RuntimeContract.Attribute.focus)
    }

    @Test func theAppAsksForTheFocusOncePerChange() throws {
        let host = ViewHost(SignInForm())
        #expect(request(host, "User") == "0 0" && request(host, "Password") == "0 0")
        try host.tap("Password next")
        #expect(request(host, "Password") == "1 1" && request(host, "User") == "1 0")
        #expect(host.text.contains("focus password"))
        try host.tap("Done")
        #expect(request(host, "Password") == "2 0", "nil takes the focus away: a new request")
        try host.tap("Search now")
        #expect(request(host, "Search") == "1 1" && host.text.contains("searching true"))
    }

    @Test func theUsersFocusAndBlurSetTheStateWithoutANewRequest() throws {
        let host = ViewHost(SignInForm())
        let user = try #require(host.elements(withClass: StyleClass.textfield).first { $0.attribute("aria-label") == "User" })
        try host.send(.focus) { $0 === user }
        #expect(host.text.contains("focus user"))
        #expect(request(host, "User") == "0 1", "the serial stays: the browser moved the focus itself")
        let password = try #require(host.elements(withClass: StyleClass.textfield).first { $0.attribute("aria-label") == "Password" })
        try host.send(.blur) { $0 === user }
        try host.send(.focus) { $0 === password }
        #expect(host.text.contains("focus password"))
        try host.send(.blur) { $0 === user }
        #expect(host.text.contains("focus password"), "a late blur of another field changes nothing")
        try host.send(.blur) { $0 === password }
        #expect(host.text.contains("focus none"))
    }
}
