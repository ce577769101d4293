import Foundation
import Jetway
import JetwayCharts
import JetwayTesting
import Testing

// Charts as apps write them: a bar chart of monthly totals by category, a step counter's line
// and points over days, a donut of shares with the total in the middle, a threshold rule with
// an annotation, custom axes, and a chart that changes as the data does.

struct Expense: Identifiable {
    let id = UUID()
    let month: String
    let category: String
    let amount: Double
}

struct SpendingChart: View {
    let expenses: [Expense]
    var body: some View {
        Chart(expenses) { expense in
            BarMark(x: .value("Month", expense.month), y: .value("Amount", expense.amount))
                .foregroundStyle(by: .value("Category", expense.category))
        }
        .chartForegroundStyleScale(["Food": Color.green, "Rent": Color.orange])
        .chartLegend(position: .bottom, alignment: .trailing)
        .frame(height: 240)
    }
}

struct DaySteps: Identifiable {
    var id: Int { day }
    let day: Int
    let steps: Int
}

struct StepsView: View {
    @State private var days = [DaySteps(day: 0, steps: 4000), DaySteps(day: 1, steps: 6500), DaySteps(day: 2, steps: 3000)]
    let goal = 5000

    var body: some View {
        VStack {
            Chart {
                ForEach(days) { day in
                    LineMark(x: .value("Day", day.day), y: .value("Steps", day.steps))
                        .interpolationMethod(.catmullRom)
                    PointMark(x: .value("Day", day.day), y: .value("Steps", day.steps))
                        .annotation(position: .top) { Text("\(day.steps)") }
                }
                RuleMark(y: .value("Goal", goal))
                    .foregroundStyle(.red)
                    .lineStyle(StrokeStyle(lineWidth: 2, dash: [5]))
                    .annotation(position: .top, alignment: .leading) { Text("Goal") }
            }
            .chartXScale(domain: -0.5...6.5)
            .chartXAxis {
                AxisMarks(values: Array(0...6)) { value in
                    AxisGridLine()
                    AxisValueLabel {
                        if let index = value.as(Int.self) { Text(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index]) }
                    }
                }
            }
            .chartYAxis { AxisMarks(position: .leading) }
            Button("Walk") { days.append(DaySteps(day: days.count, steps: 9000)) }
        }
    }
}

struct MuscleShare: Identifiable {
    var id: String { name }
    let name: String
    let sets: Int
}

struct DonutView: View {
    let shares = [MuscleShare(name: "Legs", sets: 6), MuscleShare(name: "Back", sets: 3), MuscleShare(name: "Arms", sets: 3)]
    var body: some View {
        Chart(shares) { share in
            SectorMark(angle: .value("Sets", share.sets), innerRadius: .ratio(0.6), angularInset: 2)
                .foregroundStyle(by: .value("Muscle", share.name))
                .annotation(position: .overlay) { Text("\(share.sets)") }
        }
        .chartLegend(.visible)
    }
}

struct Sale: Identifiable {
    let id: Int
    let date: Date
    let units: Int
}

extension ViewHost {
    /// The marks' descriptions (what VoiceOver reads), in order.
    var marks: [String] {
        dom.root.descendants.filter { $0.attribute("role") == "img" }.compactMap { $0.attribute("aria-label") }
    }

    func styles(ofMark label: String) -> String {
        dom.root.descendants.first { $0.attribute("aria-label") == label }?.attribute("style") ?? ""
    }
}

@MainActor @Suite struct ChartViewTests {
    let expenses = [
        Expense(month: "Jan", category: "Food", amount: 200), Expense(month: "Jan", category: "Rent", amount: 800),
        Expense(month: "Feb", category: "Food", amount: 300), Expense(month: "Feb", category: "Rent", amount: 800),
    ]

    @Test func barsStackByCategoryOnABandScale() throws {
        let host = ViewHost(SpendingChart(expenses: expenses))
        #expect(
            host.marks == [
                "Month: Jan, Amount: 200, Category: Food", "Month: Jan, Amount: 800, Category: Rent",
                "Month: Feb, Amount: 300, Category: Food", "Month: Feb, Amount: 800, Category: Rent",
            ])
        // Jan in the first half, Feb in the second; Food at the bottom of Jan's stack, Rent on it.
        let food = host.styles(ofMark: "Month: Jan, Amount: 200, Category: Food")
        let rent = host.styles(ofMark: "Month: Jan, Amount: 800, Category: Rent")
        #expect(food.contains("left:7.5%") && food.contains("width:35%"), "\(food)")
        // The y scale runs to 1,200 (steps of 200 over 1,100): Food is 200/1200 high, at the bottom.
        #expect(food.contains("height:16.667%") && food.contains("top:83.333%"), "\(food)")
        #expect(rent.contains("height:66.667%") && rent.contains("top:16.667%"), "\(rent)")
        #expect(food.contains("background:\(Color.green.css)") && rent.contains("background:\(Color.orange.css)"))
        // The axes' labels and the legend.
        for label in ["Jan", "Feb", "0", "400", "800", "1,200", "Food", "Rent"] {
            #expect(!host.elements(withText: label).isEmpty, "no \(label) in \(host.text)")
        }
    }

    @Test func barsSideBySideWithPosition() throws {
        let host = ViewHost(
            Chart(expenses) { expense in
                BarMark(x: .value("Month", expense.month), y: .value("Amount", expense.amount))
                    .position(by: .value("Category", expense.category))
                    .foregroundStyle(by: .value("Category", expense.category))
            })
        let food = host.styles(ofMark: "Month: Jan, Amount: 200, Category: Food")
        let rent = host.styles(ofMark: "Month: Jan, Amount: 800, Category: Rent")
        // Half of the bar's 35 % each, Rent beside Food, both from zero.
        #expect(food.contains("left:7.5%") && food.contains("width:17.5%"), "\(food)")
        #expect(rent.contains("left:25%") && rent.contains("width:17.5%"), "\(rent)")
        #expect(food.contains("top:75%") && rent.contains("top:0%"), "\(food) \(rent)")
    }

    @Test func horizontalBarsWhenTheCategoryIsOnY() throws {
        let host = ViewHost(
            Chart(expenses.filter { $0.month == "Jan" }) { expense in
                BarMark(x: .value("Amount", expense.amount), y: .value("Category", expense.category))
            })
        let rent = host.styles(ofMark: "Amount: 800, Category: Rent")
        #expect(rent.contains("left:0%") && rent.contains("width:100%"), "\(rent)")
    }

    @Test func linePointsRuleAndCustomAxes() throws {
        let host = ViewHost(StepsView())
        #expect(host.marks.contains("Day: 1, Steps: 6,500"))
        #expect(host.marks.contains("Goal: 5,000"))
        // The line is one path through the three days, as curves.
        let path = host.dom.root.descendants.first { $0.tag == "path" }
        #expect(path?.attribute("d")?.hasPrefix("M71.429 ") == true, "\(path?.attribute("d") ?? "")")
        #expect(path?.attribute("d")?.contains(" C") == true)
        // The app's labels (days' names at 0...6), at the leading side's values.
        for label in ["Mon", "Tue", "Sun", "Goal", "6500"] {
            #expect(!host.elements(withText: label).isEmpty, "no \(label) in \(host.text)")
        }
        let goal = host.styles(ofMark: "Goal: 5,000")
        #expect(goal.contains("border-top:2px dashed \(Color.red.css)"), "\(goal)")
        // A walk adds a point: the chart changes by a patch.
        try host.tap("Walk")
        #expect(host.marks.contains("Day: 3, Steps: 9,000"))
        #expect(!host.elements(withText: "9000").isEmpty)
    }

    @Test func donutSlicesAndOverlayAnnotations() throws {
        let host = ViewHost(DonutView())
        let slices = host.dom.root.descendants.filter { $0.tag == "path" }
        #expect(slices.count == 3)
        // Legs is half the donut: from the top, clockwise, to the bottom (a hundredth of a radian in
        // from each end: the angular inset), and back on the inner ring.
        let legs = slices[0].attribute("d") ?? ""
        #expect(legs.hasPrefix("M0.01 -1 A1 1 0 0 1 0.01 1 L0.006 0.6 A0.6 0.6 0 0 0 0.006 -0.6 Z"), "\(legs)")
        #expect(
            slices.map { $0.attribute("aria-label") ?? "" } == ["Sets: 6, Muscle: Legs", "Sets: 3, Muscle: Back", "Sets: 3, Muscle: Arms"])
        for label in ["6", "Legs", "Back", "Arms"] { #expect(!host.elements(withText: label).isEmpty, "no \(label)") }
    }

    @Test func datesOnXWithUnitsAndFormats() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: 2026, month: 3, day: 2))!
        let sales = (0..<7).map { Sale(id: $0, date: start.addingTimeInterval(Double($0) * 86_400), units: $0 * 10) }
        let host = ViewHost(
            Chart(sales) { sale in
                BarMark(x: .value("Day", sale.date, unit: .day), y: .value("Units", sale.units))
            }
            .chartXAxis { AxisMarks(values: .stride(by: .day, count: 2)) { _ in AxisValueLabel(format: .dateTime.weekday(.abbreviated)) } }
            .environment(\.timeZone, TimeZone(identifier: "UTC")!))
        // Seven bars a day wide each, with a tenth of the day either side.
        let first = host.marks.first ?? ""
        #expect(host.marks.count == 7, "\(host.marks)")
        #expect(host.styles(ofMark: first).contains("width:11.429%"), "\(host.styles(ofMark: first))")
        #expect(!host.elements(withText: "Mon").isEmpty && !host.elements(withText: "Wed").isEmpty, "\(host.text)")
    }

    @Test func aLegendBesideThePlot() throws {
        let host = ViewHost(
            Chart(expenses) { expense in
                BarMark(x: .value("Month", expense.month), y: .value("Amount", expense.amount))
                    .foregroundStyle(by: .value("Category", expense.category))
            }
            .chartLegend(position: .trailing))
        let figure = try #require(host.dom.root.descendants.first { $0.attribute("role") == "figure" })
        #expect(figure.attribute("style")?.contains("flex-direction:row") == true)
        // The plot first, the legend after it, its items one above the other.
        let legend = try #require(figure.children.last)
        #expect(legend.textContent == "FoodRent" && legend.attribute("style")?.contains("flex-direction:column") == true)
    }

    @Test func hiddenAxesAndLegend() throws {
        let host = ViewHost(
            Chart(expenses) { expense in
                BarMark(x: .value("Month", expense.month), y: .value("Amount", expense.amount))
                    .foregroundStyle(by: .value("Category", expense.category))
            }
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            .chartLegend(.hidden))
        #expect(host.elements(withText: "Jan").isEmpty && host.elements(withText: "Food").isEmpty && host.elements(withText: "800").isEmpty)
        #expect(host.marks.count == 4)
    }

    @Test func backgroundAndOverlayReadTheChartsProxy() throws {
        let host = ViewHost(
            Chart(expenses) { expense in
                SectorMark(angle: .value("Amount", expense.amount), innerRadius: .ratio(0.6))
                    .foregroundStyle(by: .value("Category", expense.category))
            }
            .chartBackground { proxy in
                GeometryReader { geometry in
                    if let anchor = proxy.plotFrame {
                        let frame = geometry[anchor]
                        Text("2,100 total").position(x: frame.midX, y: frame.midY)
                    }
                }
            })
        #expect(!host.elements(withText: "2,100 total").isEmpty, "\(host.text)")
        // The overlay's proxy: which month is under a point near the trailing edge, where Jan is drawn.
        let overlay = ViewHost(
            Chart(expenses) { expense in
                BarMark(x: .value("Month", expense.month), y: .value("Amount", expense.amount))
            }
            .chartOverlay { proxy in
                VStack {
                    Text("under: \(proxy.value(atX: proxy.plotSize.width * 0.9, as: String.self) ?? "none")")
                    Text("Jan at \(Int(proxy.position(forX: "Jan") ?? -1)) of \(Int(proxy.plotSize.width))")
                }
            })
        #expect(!overlay.elements(withText: "under: Feb").isEmpty, "\(overlay.text)")
        let width = Int(GeometryProxy.defaultSize.width)
        #expect(!overlay.elements(withText: "Jan at \(width / 4) of \(width)").isEmpty, "\(overlay.text)")
    }
}
