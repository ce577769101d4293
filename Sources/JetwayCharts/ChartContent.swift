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
    associatedtype Body: ChartContent
    @ChartContentBuilder var body: Body { get }

    /// Adds this content's marks to `marks`, with `style` as what the content around said.
    /// Content made of other content keeps the default, which reads `body`.
    func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle)
}

extension ChartContent {
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        body._collect(&marks, style)
    }
}

extension Never: ChartContent {
    public typealias Body = Never
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {}
}

/// Content that is a mark or a container of marks and has no `body`.
public protocol _PrimitiveChartContent: ChartContent where Body == Never {}

extension _PrimitiveChartContent {
    public var body: Never { preconditionFailure("\(Self.self) is drawn by the chart and has no body") }
}

/// Builds chart content from a block of statements, as `@ViewBuilder` builds views.
@resultBuilder
@MainActor
public enum ChartContentBuilder {
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock() -> _ChartContentTuple { _ChartContentTuple([]) }
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> _ChartContentTuple {
        var parts: [any ChartContent] = []
        for part in repeat each content { parts.append(part) }
        return _ChartContentTuple(parts)
    }
    public static func buildOptional<C: ChartContent>(_ content: C?) -> C? { content }
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> _ChartConditionalContent<T, F> {
        _ChartConditionalContent(storage: .first(first))
    }
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> _ChartConditionalContent<T, F> {
        _ChartConditionalContent(storage: .second(second))
    }
    public static func buildArray<C: ChartContent>(_ content: [C]) -> _ChartContentTuple { _ChartContentTuple(content) }
    public static func buildLimitedAvailability<C: ChartContent>(_ content: C) -> _ChartContentTuple { _ChartContentTuple([content]) }
}

/// Several pieces of content in a block.
public struct _ChartContentTuple: _PrimitiveChartContent {
    let parts: [any ChartContent]
    init(_ parts: [any ChartContent]) { self.parts = parts }
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
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        switch storage {
        case .first(let content): content._collect(&marks, style)
        case .second(let content): content._collect(&marks, style)
        }
    }
}

extension Optional: ChartContent where Wrapped: ChartContent {
    public typealias Body = Never
    public var body: Never { preconditionFailure("Optional has no body") }
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        if let self { self._collect(&marks, style) }
    }
}

extension ForEach: ChartContent where Content: ChartContent {
    public typealias Body = Never
    public var body: Never { preconditionFailure("ForEach has no body") }
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
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0.id }, content: content)
    }
}

extension ForEach where Content: ChartContent, Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(data, identify: { $0 }, content: content)
    }
}

extension ForEach where Content: ChartContent, Data == ClosedRange<Int>, ID == Int {
    public init(_ data: ClosedRange<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(data, identify: { $0 }, content: content)
    }
}
