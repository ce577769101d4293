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
            instance.evaluation &+= 1
            // What the builder reads (an observed element's properties) makes the row render again.
            let row = track(instance) { builder.build(element) }
            if let function = builder.pureFunction {
                instance.lastView = lastRow(element, function)
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
            instance.environment = context.environment
        }
        context.environment.reads?.note(instance.environmentReads)
        for node in instance.output { out.append(node) }
    }

    /// A pure row's record of its element: compared by `==` when the element is `Equatable`
    /// (a subclass made through the type's conformance, found once per type), else by its
    /// stored bits (see `comparison(for:)`).
    private func lastRow<Element>(_ element: Element, _ function: UnsafeRawPointer) -> LastRow<Element> {
        let id = ObjectIdentifier(Element.self)
        // Stored under its element type's id, so it is a `RowRecordMaker<Element>`.
        if let known = rowRecordMakers[id] { return unsafeDowncast(known, to: RowRecordMaker<Element>.self).make(element, function) }
        let maker: RowRecordMaker<Element>
        if let equatable = Element.self as? any Equatable.Type, let made = Self.equatableRowMaker(equatable) as? RowRecordMaker<Element> {
            maker = made
        } else {
            maker = RowRecordMaker { BitwiseLastRow($0, $1) }
        }
        rowRecordMakers[id] = maker
        return maker.make(element, function)
    }

    private static func equatableRowMaker<E: Equatable>(_ type: E.Type) -> AnyObject {
        RowRecordMaker<E> { EquatableLastRow($0, $1) }
    }
}

/// How one element type's rows record their element.
final class RowRecordMaker<Element> {
    let make: (Element, UnsafeRawPointer) -> LastRow<Element>
    init(_ make: @escaping (Element, UnsafeRawPointer) -> LastRow<Element>) { self.make = make }
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

    init(_ build: @escaping (Element) -> Content) {
        self.build = build
        let parts = unsafeBitCast(build, to: (function: UnsafeRawPointer, context: UnsafeRawPointer?).self)
        pureFunction = parts.context == nil ? parts.function : nil
    }
}

/// A pure row's last element and the builder that made the row.
class LastRow<Element> {
    let element: Element
    let function: UnsafeRawPointer

    init(_ element: Element, _ function: UnsafeRawPointer) {
        self.element = element
        self.function = function
    }

    /// Whether `other` is the element this row was built from.
    func holds(_ other: Element) -> Bool { fatalError("a subclass compares") }
}

/// Compares by `==`: the element is passed where it is, not copied (a closure made from a
/// generic `==` would take it by value, a retain for each of its references).
private final class EquatableLastRow<Element: Equatable>: LastRow<Element> {
    override func holds(_ other: Element) -> Bool { element == other }
}

/// Compares stored bits: the same references, the same plain values.
private final class BitwiseLastRow<Element>: LastRow<Element> {
    override func holds(_ other: Element) -> Bool {
        if MemoryLayout<Element>.size == 0 { return true }
        return withUnsafeBytes(of: element) { left in
            withUnsafeBytes(of: other) { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}
