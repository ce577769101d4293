import Foundation
import Jetway

/// What goes in a `Chart`: marks, and content made of marks (Swift Charts' `ChartContent`).
///
/// ```swift
/// struct Threshold: ChartContent {
///     let value: Double
///     var body: some ChartContent {
///         RuleMark(y: .value("Limit", value)).foregroundStyle(.red)
///     }
/// }
/// ```
@MainActor @preconcurrency
public protocol ChartContent {
    /// The type of chart content this content is made of; `Never` for marks, which have no body.
    associatedtype Body: ChartContent
    /// The marks and content this content is made of; the default `_collect` reads it when the chart is drawn, with
    /// the modifiers around this content applied to each of its marks.
    @ChartContentBuilder var body: Body { get }

    /// Adds this content's marks to `marks`, with `style` as what the content around said.
    /// Content made of other content keeps the default, which reads `body`.
    func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle)
}

extension ChartContent {
    /// Collects the marks of `body`: the default for content made of other content.
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        body._collect(&marks, style)
    }
}

extension Never: ChartContent {
    /// `Never` stands for content that has no body.
    public typealias Body = Never
    /// Collects no marks (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {}
}

/// Content that is a mark or a container of marks and has no `body`.
public protocol _PrimitiveChartContent: ChartContent where Body == Never {}

extension _PrimitiveChartContent {
    /// Never called: primitive content is drawn by the chart and has no `body` (reading it stops the program).
    public var body: Never { preconditionFailure("\(Self.self) is drawn by the chart and has no body") }
}

/// Builds chart content from a block of statements, as `@ViewBuilder` builds views.
@resultBuilder
@MainActor
public enum ChartContentBuilder {
    /// Passes one piece of content through unchanged.
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    /// An empty block: no marks.
    public static func buildBlock() -> _ChartContentTuple { _ChartContentTuple([]) }
    /// A block of one piece of content, unchanged.
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    /// A block of several pieces of content, whose marks are collected in order.
    public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> _ChartContentTuple {
        var parts: [any ChartContent] = []
        for part in repeat each content { parts.append(part) }
        return _ChartContentTuple(parts)
    }
    /// An `if` without `else`: the content, or nil (no marks) when the condition is false.
    public static func buildOptional<C: ChartContent>(_ content: C?) -> C? { content }
    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> _ChartConditionalContent<T, F> {
        _ChartConditionalContent(storage: .first(first))
    }
    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> _ChartConditionalContent<T, F> {
        _ChartConditionalContent(storage: .second(second))
    }
    /// The content of a `for` loop: each iteration's marks, in order.
    public static func buildArray<C: ChartContent>(_ content: [C]) -> _ChartContentTuple { _ChartContentTuple(content) }
    /// Content under `if #available`, kept as a block of one.
    public static func buildLimitedAvailability<C: ChartContent>(_ content: C) -> _ChartContentTuple { _ChartContentTuple([content]) }
}

/// Several pieces of content in a block.
public struct _ChartContentTuple: _PrimitiveChartContent {
    let parts: [any ChartContent]
    init(_ parts: [any ChartContent]) { self.parts = parts }
    /// Collects each part's marks in order (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        for part in parts { part._collect(&marks, style) }
    }
}

/// One of two pieces of content, as an `if`/`else` chose.
public struct _ChartConditionalContent<First: ChartContent, Second: ChartContent>: _PrimitiveChartContent {
    enum Storage {
        case first(First)
        case second(Second)
    }
    let storage: Storage
    /// Collects the chosen branch's marks (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        switch storage {
        case .first(let content): content._collect(&marks, style)
        case .second(let content): content._collect(&marks, style)
        }
    }
}

extension Optional: ChartContent where Wrapped: ChartContent {
    /// Optional content has no body of its own.
    public typealias Body = Never
    /// Never called: optional content is collected, not built (reading it stops the program).
    public var body: Never { preconditionFailure("Optional has no body") }
    /// Collects the wrapped content's marks, or none when it is nil (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        if let self { self._collect(&marks, style) }
    }
}

extension ForEach: ChartContent where Content: ChartContent {
    /// `ForEach` in a chart has no body of its own.
    public typealias Body = Never
    /// Never called: a `ForEach` of chart content is collected, not built (reading it stops the program).
    public var body: Never { preconditionFailure("ForEach has no body") }
    /// Collects the marks `content` makes for each element of `data`, in order (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        for element in data { content(element)._collect(&marks, style) }
    }
}

extension ForEach where Content: ChartContent {
    /// Marks for each element of `data`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0[keyPath: id] }, content: content)
    }
}

extension ForEach where Content: ChartContent, ID == Data.Element.ID, Data.Element: Identifiable {
    /// Marks for each element of `data`, identified by its `id`.
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0.id }, content: content)
    }
}

extension ForEach where Content: ChartContent, Data == Range<Int>, ID == Int {
    /// Marks for each integer in `data` (`ForEach(0..<3) { … }`).
    public init(_ data: Range<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(data, identify: { $0 }, content: content)
    }
}

extension ForEach where Content: ChartContent, Data == ClosedRange<Int>, ID == Int {
    /// Marks for each integer in the closed range `data`.
    public init(_ data: ClosedRange<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(data, identify: { $0 }, content: content)
    }
}
