extension String {
    /// The text of a NUL-terminated buffer that C filled in (invalid UTF-8 repaired).
    init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
