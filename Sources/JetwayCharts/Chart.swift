import Foundation
import Jetway

/// A chart of marks, drawn on the server as HTML and SVG in the page's layout, with axes and a
/// legend; it changes by patches as its data does.
///
/// ```swift
/// Chart(flights) { flight in
///     BarMark(x: .value("Gate", flight.gate), y: .value("Delay", flight.delayMinutes))
///         .foregroundStyle(by: .value("Airline", flight.airline))
/// }
/// .frame(height: 240)
/// ```
public struct Chart<Content: ChartContent>: _PrimitiveView {
    let content: Content

    /// A chart of the marks `content` builds.
    public init(@ChartContentBuilder content: () -> Content) {
        self.content = content()
    }

    /// Jetway's rendering entry point (collects the marks, then draws the chart); not for apps.
    public static func _render(_ view: Chart, _ context: _RenderContext, _ out: inout [Node]) {
        var marks: [ResolvedMark] = []
        view.content._collect(&marks, MarkStyle())
        ChartRenderer(marks: marks, configuration: context.environment.chartConfiguration, context: context).render(&out)
    }
}

extension Chart {
    /// A chart with the marks `content` makes for each element of `data`.
    public init<Data: RandomAccessCollection, C: ChartContent>(
        _ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable {
        self.content = ForEach(data, identify: { $0.id }, content: content)
    }

    /// A chart with the marks `content` makes for each element of `data`, identified by the `id` key path.
    public init<Data: RandomAccessCollection, ID: Hashable, C: ChartContent>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data, identify: { $0[keyPath: id] }, content: content)
    }
}
