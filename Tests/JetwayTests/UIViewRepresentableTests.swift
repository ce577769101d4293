import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// The UIKit views apps wrap, as they wrap them: a journal's text view with a placeholder its
// coordinator clears on focus and puts back when left empty, a notes field that refuses a
// character, a blur behind a timer, a spinner and a label.

/// A journal's body field (a `UITextView` with a grey placeholder).
struct NotesField: UIViewRepresentable {
    var placeholderText = "Body"
    @Binding var text: String

    func makeUIView(context: Context) -> UITextView {
        let textView = UITextView()
        textView.textContainer.lineFragmentPadding = 0
        textView.textContainerInset = .zero
        textView.font = UIFont.systemFont(ofSize: 17)
        textView.text = placeholderText
        textView.textColor = .placeholderText
        return textView
    }

    func updateUIView(_ uiView: UITextView, context: UIViewRepresentableContext<NotesField>) {
        if text != "" || uiView.textColor == .label {
            uiView.text = text
            uiView.textColor = .label
        }
        uiView.delegate = context.coordinator
    }

    func makeCoordinator() -> NotesField.Coordinator { Coordinator(self) }

    class Coordinator: NSObject, UITextViewDelegate {
        var parent: NotesField
        init(_ parent: NotesField) { self.parent = parent }

        func textViewDidChange(_ textView: UITextView) { parent.text = textView.text }

        func textViewDidBeginEditing(_ textView: UITextView) {
            if textView.textColor == .placeholderText {
                textView.text = ""
                textView.textColor = .label
            }
        }

        func textViewDidEndEditing(_ textView: UITextView) {
            if textView.text == "" {
                textView.text = parent.placeholderText
                textView.textColor = .placeholderText
            }
        }

        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            !text.contains("#")
        }
    }
}

private struct Blur: UIViewRepresentable {
    func makeUIView(context: Context) -> UIVisualEffectView { UIVisualEffectView(effect: UIBlurEffect(style: .systemChromeMaterial)) }
    func updateUIView(_ uiView: UIVisualEffectView, context: Context) {}
}

private struct Spinner: UIViewRepresentable {
    var spinning: Bool
    func makeUIView(context: Context) -> UIActivityIndicatorView { UIActivityIndicatorView(style: .large) }
    func updateUIView(_ uiView: UIActivityIndicatorView, context: Context) {
        if spinning { uiView.startAnimating() } else { uiView.stopAnimating() }
    }
}

private struct Caption: UIViewRepresentable {
    var text: String
    func makeUIView(context: Context) -> some UIView {
        let label = UILabel()
        label.numberOfLines = 2
        return label
    }
    func updateUIView(_ uiView: UIViewType, context: Context) { (uiView as? UILabel)?.text = text }
}

private struct Entry: View {
    @State private var body_ = ""
    @State private var loading = true
    var body: some View {
        VStack {
            NotesField(text: $body_).frame(height: 100)
            Text("Saved: \(body_)")
            Blur().frame(height: 20)
            Spinner(spinning: loading)
            Button("Done") { loading = false }
            Caption(text: "Gate \(body_.count)")
        }
    }
}

/// The search bar of apps written before `.searchable`.
struct WorkoutSearchBar: UIViewRepresentable {
    @Binding var text: String
    @Binding var searched: Int

    final class Coordinator: NSObject, UISearchBarDelegate {
        @Binding var text: String
        @Binding var searched: Int
        init(text: Binding<String>, searched: Binding<Int>) {
            _text = text
            _searched = searched
        }
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { text = searchText }
        func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { searched += 1 }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
            searchBar.text = ""
            text = ""
        }
    }

    func makeCoordinator() -> Coordinator { Coordinator(text: $text, searched: $searched) }

    func makeUIView(context: Context) -> UISearchBar {
        let searchBar = UISearchBar()
        searchBar.delegate = context.coordinator
        searchBar.searchBarStyle = .minimal
        searchBar.placeholder = "Search workouts"
        searchBar.showsCancelButton = true
        return searchBar
    }

    func updateUIView(_ uiView: UISearchBar, context: Context) { uiView.text = text }
}

struct WorkoutsList: View {
    @State private var query = ""
    @State private var searched = 0
    let workouts = ["Squats", "Bench press", "Deadlift"]
    var body: some View {
        VStack {
            WorkoutSearchBar(text: $query, searched: $searched)
            ForEach(workouts.filter { query.isEmpty || $0.localizedCaseInsensitiveContains(query) }, id: \.self) { Text($0) }
            Text("Searched \(searched)")
        }
    }
}

@MainActor
struct UIViewRepresentableTests {
    @Test func aWrappedSearchBarFiltersAsTheVisitorTypesAndHearsReturnAndCancel() throws {
        let host = ViewHost(WorkoutsList())
        let field = { host.dom.root.descendants.first { $0.attribute("type") == "search" } }
        #expect(field()?.attribute("aria-label") == "Search workouts" || field()?.attribute("placeholder") == "Search workouts")
        try host.send(.input, .text("dead")) { $0.attribute("type") == "search" }
        #expect(host.text.contains("Deadlift") && !host.text.contains("Squats"))
        try host.send(.submit) { $0.attribute("type") == "search" }
        #expect(host.text.contains("Searched 1"))
        try host.tap("Cancel")
        #expect(host.text.contains("Squats") && field()?.attribute("value") ?? "" == "")
    }

    private func textArea(_ host: ViewHost) -> DOMNode? { host.dom.root.descendants.first { $0.tag == "textarea" } }

    @Test func aWrappedTextViewTakesTypingAndItsDelegateChangesShow() throws {
        let host = ViewHost(Entry())
        try host.update()
        #expect(textArea(host)?.textContent == "Body", "the placeholder the view was made with")
        #expect(textArea(host)?.attribute("style")?.contains("border:0") == true, "borderless, as UIKit draws it")
        #expect(textArea(host)?.attribute("style")?.contains("color:\(UIColor.placeholderText.css)") == true)
        // Focus: the coordinator clears the placeholder, and the page shows it.
        try host.send(.focus) { $0.tag == "textarea" }
        #expect(textArea(host)?.textContent == "")
        #expect(textArea(host)?.attribute("style")?.contains("color:\(UIColor.label.css)") == true)
        try host.send(.input, .text("Boarded at 9")) { $0.tag == "textarea" }
        #expect(host.text.contains("Saved: Boarded at 9"), "the delegate's binding")
        #expect(host.text.contains("Gate 12"))
        // A change the delegate refuses: the text stays.
        try host.send(.input, .text("Boarded at 9 #")) { $0.tag == "textarea" }
        #expect(host.text.contains("Saved: Boarded at 9") && !host.text.contains("#"))
        #expect(textArea(host)?.textContent == "Boarded at 9")
        // Emptied and left: the placeholder is back.
        try host.send(.input, .text("")) { $0.tag == "textarea" }
        try host.send(.blur) { $0.tag == "textarea" }
        #expect(textArea(host)?.textContent == "Body")
    }

    @Test func blursSpinnersAndLabels() throws {
        let host = ViewHost(Entry())
        try host.update()
        #expect(host.html.contains("backdrop-filter:blur(\(Material.bar.blur)px)"), "the chrome material")
        let spinner = try #require(host.elements(withClass: StyleClass.progressRing).first, "a spinner, as a circular ProgressView")
        #expect(spinner.attribute("style")?.contains("visibility:hidden") != true)
        try host.tap("Done")
        let stopped = try #require(host.elements(withClass: StyleClass.progressRing).first)
        #expect(stopped.attribute("style")?.contains("visibility:hidden") == true, "stopped and hidden, as hidesWhenStopped says")
        #expect(host.html.contains("-webkit-line-clamp:2") && host.text.contains("Gate 0"))
    }

    @Test func aChangeIsTheRangeItReplaced() {
        let (range, text) = UITextView.change(from: "gate 12", to: "gate 142")
        #expect(range == NSRange(location: 6, length: 0) && text == "4")
        let (cut, none) = UITextView.change(from: "runway", to: "run")
        #expect(cut == NSRange(location: 3, length: 3) && none == "")
        let (before, emoji) = UITextView.change(from: "😀", to: "😃😀")
        #expect(before == NSRange(location: 0, length: 0) && emoji == "😃", "never half a character")
    }
}
