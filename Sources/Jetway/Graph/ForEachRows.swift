@_spi(Reflection) import Swift

/// `ForEach`'s rows: each row is an instance of its own, whose "body" is the row builder called
/// with the element. A row whose builder captures nothing is a function of its element, so
/// when the element equals last render's, the row's instances are clean and it sees the same
/// environment, its last output stands and the builder is not even called (a keystroke that
/// filters a 1,000-row list evaluates none of the rows it keeps or brings back).
extension ViewGraph {
    func renderRow<Element, Content: View>(
        _ element: Element, _ builder: RowBuilder<Element, Content>, _ context: _RenderContext, _ out: inout [Node],
        _ render: (Content, _RenderContext, inout [Node]) -> Void
    ) {
        let owner = context.owner
        let typeID = builder.typeID
        let (key, found) = claim(IdentityHash.mix(context.identityKey, UInt64(UInt(bitPattern: typeID))), typeID, in: owner)
        let instance: ViewInstance
        var mustEvaluate: Bool
        if let existing = found, existing.typeID == typeID {
            instance = existing
            mustEvaluate =
                existing.isDirty || existing.hasDirtyDescendant || existing.elementKey != context.elementKey
                || !seesSameEnvironment(existing, context.environment)
            if !mustEvaluate {
                if let function = builder.pureFunction, let stored = existing.lastView {
                    let last = unsafeDowncast(stored, to: LastRow<Element>.self)
                    mustEvaluate = last.function != function || !last.holds(element)
                } else {
                    mustEvaluate = true
                }
            }
        } else {
            if let replaced = found { unmount(replaced) }
            instance = ViewInstance(graph: self, typeID: typeID, parent: owner)
            owner.children[key] = instance
            mustEvaluate = true
        }
        if instance.visitMark != pass {
            instance.visitMark = pass
            owner.visitedChildren += 1
        }
        if mustEvaluate {
            beginEvaluation(of: instance)
            // What the builder reads (an observed element's properties) makes the row render again.
            let row = track(instance) { builder.build(element) }
            if let function = builder.pureFunction {
                instance.lastView = LastRow(element, function)
            } else {
                instance.lastView = nil
            }
            let pure = builder.pureFunction != nil
            walk(instance, context, fresh: true) { context, out in
                var context = context
                context.insidePureRow = pure
                render(row, context, &out)
            }
            // A row is built again only when its element or what it read changed: the log
            // kept to spare an allocation per render is not worth its bytes on a thousand rows.
            instance.readLog = nil
        } else {
            // Skipped: what it read is unchanged, so the new environment stands for the old.
            instance.environment = context.environment.snapshot
        }
        context.environment.reads?.note(instance.environmentReads)
        for node in instance.output { out.append(node) }
    }

    /// Whether equal bits of a `type` value mean the row shows the same (`PlainValues`),
    /// found once per type.
    func isPlainValue(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if let known = plainValueTypes[id] { return known }
        let plain = PlainValues.isPlain(type)
        plainValueTypes[id] = plain
        return plain
    }
}

/// Which element types a row may be skipped for: values whose stored bits say all they hold.
/// Numbers, `Bool`, `Date`, enums without payloads, strings (immutable storage: the same bits
/// are the same text), optionals and structs of those. Not a class instance (its fields may
/// change under the same reference), not a closure, nothing whose fields cannot be seen (an
/// array, an enum with payloads): rows of those are built again on every render. `==` is not
/// asked: a model's `==` often compares only its id.
enum PlainValues {
    static func isPlain(_ type: Any.Type, depth: Int = 0) -> Bool {
        guard depth < 8, !(type is AnyObject.Type) else { return false }
        if isPOD(type) { return true }
        if type == String.self || type == Substring.self || type == Character.self { return true }
        if let optional = type as? any OptionalOfAnything.Type { return isPlain(optional.wrappedType, depth: depth + 1) }
        // Only a struct's fields are walked (its metadata's kind, the first word, is 0x200): a
        // function, an existential, a tuple or an enum with payloads is not plain.
        guard unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee == 0x200 else { return false }
        var plain = true
        let complete = _forEachField(of: type) { _, _, fieldType, _ in
            plain = isPlain(fieldType, depth: depth + 1)
            return plain
        }
        return complete && plain
    }

    private static func isPOD<T>(_ type: T.Type) -> Bool { _isPOD(type) }
}

protocol OptionalOfAnything {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalOfAnything {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// A `ForEach` row builder, and whether it is a function of its element alone.
struct RowBuilder<Element, Content: View> {
    let build: (Element) -> Content
    /// The closure's code when it captures nothing (its context is empty): then rows built by
    /// the same code from equal elements are the same row. Nil for a closure that captured
    /// values (a selection, a search text), whose rows are built again on every render.
    let pureFunction: UnsafeRawPointer?
    /// The type id of a row's instance (found once per `ForEach` render, not once per row).
    let typeID = ObjectIdentifier(Self.self)

    /// `plainElements`: whether `Element` is a plain value (`PlainValues`).
    init(_ build: @escaping (Element) -> Content, plainElements: Bool) {
        self.build = build
        let parts = unsafeBitCast(build, to: (function: UnsafeRawPointer, context: UnsafeRawPointer?).self)
        pureFunction = parts.context == nil && plainElements ? parts.function : nil
    }
}

/// A pure row's last element and the builder that made the row.
final class LastRow<Element> {
    let element: Element
    let function: UnsafeRawPointer

    init(_ element: Element, _ function: UnsafeRawPointer) {
        self.element = element
        self.function = function
    }

    /// Whether `other` is the element this row was built from: the same stored bits (a plain
    /// value's, so the same numbers and the same strings).
    func holds(_ other: Element) -> Bool {
        if MemoryLayout<Element>.size == 0 { return true }
        return withUnsafeBytes(of: element) { left in
            withUnsafeBytes(of: other) { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}
