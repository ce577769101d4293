/// The types loaded in this process that conform to one of Jetway's protocols, found in the
/// Swift runtime's conformance records (every image's `swift5_protocol_conformances` section),
/// as Swift Testing finds tests: how the previews page lists an app's previews without the app
/// listing them. Generic types are left out (no one instance to show).
///
/// The records are read as the Swift ABI lays them out (docs/ABI/TypeMetadata.rst in the Swift
/// repository): a conformance's protocol and type descriptors by relative pointers, and a type's
/// metadata from its descriptor's access function.
enum ConformingTypes {
    /// The non-generic types that conform to `protocolName`, declared in module `module`.
    static func conforming(to protocolName: String, in module: String = "Jetway") -> [Any.Type] {
        var search = Search(protocolName: protocolName, module: module)
        withUnsafeMutablePointer(to: &search) { pointer in
            swiftEnumerateAllMetadataSections(
                { sections, context in
                    let search = context!.assumingMemoryBound(to: Search.self)
                    let layout = sections.load(as: MetadataSections.self)
                    search.pointee.read(layout.protocolConformances)
                    return true
                }, pointer)
        }
        return search.found
    }

    private struct Search {
        let protocolName: String
        let module: String
        var found: [Any.Type] = []

        mutating func read(_ range: SectionRange) {
            guard let start = UnsafeRawPointer(bitPattern: range.start) else { return }
            for offset in stride(from: 0, to: range.length, by: 4) {
                let conformance = relative(start + offset)
                guard let proto = indirectable(conformance), isWanted(proto), let type = typeDescriptor(of: conformance) else { continue }
                let flags = type.loadUnaligned(as: UInt32.self)
                let kind = flags & 0x1f  // 16 class, 17 struct, 18 enum
                guard flags & 0x80 == 0, (16...18).contains(kind) else { continue }
                let accessor = unsafeBitCast(relative(type + 12), to: MetadataAccessor.self)
                guard let metadata = accessor(0).metadata else { continue }
                found.append(unsafeBitCast(metadata, to: Any.Type.self))
            }
        }

        /// A protocol descriptor: flags, parent (its module), name.
        private func isWanted(_ proto: UnsafeRawPointer) -> Bool {
            guard cString(relative(proto + 8)) == protocolName, let parent = indirectable(proto + 4) else { return false }
            return cString(relative(parent + 8)) == module
        }

        /// A conformance descriptor: protocol, type reference, witness table, flags (the type
        /// reference's kind in bits 3–5: 0 a descriptor, 1 a pointer to one; 2 and 3 are
        /// Objective-C classes, not on Linux).
        private func typeDescriptor(of conformance: UnsafeRawPointer) -> UnsafeRawPointer? {
            let flags = (conformance + 12).loadUnaligned(as: UInt32.self)
            switch (flags >> 3) & 7 {
            case 0: return relative(conformance + 4)
            case 1: return relative(conformance + 4).load(as: UnsafeRawPointer?.self)
            default: return nil
            }
        }
    }
}

private func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer {
    pointer + Int(pointer.loadUnaligned(as: Int32.self))
}

/// A relative pointer whose low bit says it points at a pointer to the target (in another image).
private func indirectable(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = Int(pointer.loadUnaligned(as: Int32.self))
    if offset & 1 == 0 { return pointer + offset }
    return (pointer + (offset & ~1)).load(as: UnsafeRawPointer?.self)
}

private func cString(_ pointer: UnsafeRawPointer) -> String {
    String(cString: pointer.assumingMemoryBound(to: CChar.self))
}

private struct SectionRange {
    var start: UInt
    var length: Int
}

/// The runtime's `MetadataSections` (stdlib/public/SwiftShims/MetadataSections.h), as far as
/// the conformances.
private struct MetadataSections {
    var version: UInt
    var reserved: UInt
    var next: UnsafeRawPointer?
    var previous: UnsafeRawPointer?
    var protocols: SectionRange
    var protocolConformances: SectionRange
}

/// A type's metadata access function: a request (0, complete metadata) in, the metadata and
/// its state out.
private typealias MetadataAccessor = @convention(thin) (Int) -> (metadata: UnsafeRawPointer?, state: Int)

@_silgen_name("swift_enumerateAllMetadataSections")
private func swiftEnumerateAllMetadataSections(
    _ body: @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool, _ context: UnsafeMutableRawPointer?)
