extension String {
    /// Whether `needle` occurs in this string, compared byte by byte. Foundation's `contains`
    /// goes through CFString on Linux and cost more than the rest of a padding modifier.
    func containsBytes(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { pattern in
                guard !pattern.isEmpty else { return true }
                guard text.count >= pattern.count else { return false }
                let first = pattern[0]
                for start in 0...(text.count - pattern.count) where text[start] == first {
                    var index = 1
                    while index < pattern.count && text[start + index] == pattern[index] { index += 1 }
                    if index == pattern.count { return true }
                }
                return false
            }
        }
    }
}
