import Foundation
import Jetway
import Testing

@testable import JetwayServer

/// The server gives `UITextChecker` Debian's word lists (`wamerican`, which `make deps`
/// installs): a ported word game checks real English words.
struct WordListTests {
    @Test func theServerGivesSpellCheckingDebiansEnglish() throws {
        let text = try #require(
            DebianWordLists.text(for: "en_US"), "no \(DebianWordLists.folder)/american-english: make deps installs wamerican")
        #expect(text.split(separator: "\n").contains("runway"))
        #expect(DebianWordLists.files(for: "en-GB").first == "british-english" && DebianWordLists.files(for: "xx").isEmpty)
        // Set before `main` by the constructor that links the server (AppLaunch.swift).
        #expect(SpellingDictionary.source != nil)
        #expect(UITextChecker.availableLanguages.contains("en_US"))
        let checker = UITextChecker()
        let word = "airport"
        #expect(
            checker.rangeOfMisspelledWord(in: word, range: NSRange(location: 0, length: 7), startingAt: 0, wrap: false, language: "en")
                .location == NSNotFound)
        #expect(
            checker.rangeOfMisspelledWord(in: "airprot", range: NSRange(location: 0, length: 7), startingAt: 0, wrap: false, language: "en")
                .length == 7)
    }
}
