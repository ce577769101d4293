import Foundation
import Testing

@testable import Jetway

// A word game's spell check (WordScramble's `UITextChecker` wrapper), against a list the test
// gives for a language of its own, so no other test's lists are touched.

private struct Spellchecker {
    private let checker = UITextChecker()
    let word: String
    let language: String

    func isSpelledCorrectly() -> Bool {
        let range = NSRange(location: 0, length: word.utf16.count)
        return checker.rangeOfMisspelledWord(in: word, range: range, startingAt: 0, wrap: false, language: language).location == NSNotFound
    }
}

struct TextCheckerTests {
    @Test func aWordIsSpelledCorrectlyWhenTheListHasIt() {
        SpellingDictionary.register("gate\nboarding\nrunway\nrun\nrunways\nrung\nO'Hare\n", for: "x-test1")
        #expect(Spellchecker(word: "Runway", language: "x-test1").isSpelledCorrectly(), "any case")
        #expect(!Spellchecker(word: "runwya", language: "x-test1").isSpelledCorrectly())
        #expect(Spellchecker(word: "O'Hare", language: "x-test1").isSpelledCorrectly(), "an apostrophe is part of a word")
        let checker = UITextChecker()
        let text = "gate runwya boardng"
        let first = checker.rangeOfMisspelledWord(
            in: text, range: NSRange(location: 0, length: 19), startingAt: 0, wrap: false, language: "x_test1")
        #expect(first == NSRange(location: 5, length: 6))
        let second = checker.rangeOfMisspelledWord(
            in: text, range: NSRange(location: 0, length: 19), startingAt: 11, wrap: false, language: "x-test1")
        #expect(second == NSRange(location: 12, length: 7))
        let wrapped = checker.rangeOfMisspelledWord(
            in: "runwya gate", range: NSRange(location: 0, length: 11), startingAt: 7, wrap: true, language: "x-test1")
        #expect(wrapped == NSRange(location: 0, length: 6), "wrapping finds the one before the start")
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 6), in: "runwya", language: "x-test1") == ["runway"])
        #expect(
            checker.completions(forPartialWordRange: NSRange(location: 0, length: 3), in: "run", language: "x-test1") == [
                "run", "rung", "runway", "runways",
            ])
        checker.ignoreWord("boardng")
        #expect(
            checker.rangeOfMisspelledWord(
                in: "boardng", range: NSRange(location: 0, length: 7), startingAt: 0, wrap: false, language: "x-test1"
            ).location == NSNotFound)
    }

    @Test func aLanguageWithoutAListFindsNothingMisspelled() {
        #expect(Spellchecker(word: "qwzx", language: "x-nolist").isSpelledCorrectly())
        #expect(UITextChecker().guesses(forWordRange: NSRange(location: 0, length: 4), in: "qwzx", language: "x-nolist") == nil)
    }
}
