import Foundation

/// Where values fall along one axis, from 0 (leading or bottom) to 1.
struct ChartScale {
    enum Kind {
        /// Categories, each a band of equal width, in order.
        case band([PlottedValue])
        /// Numbers or dates (seconds) from `low` to `high`.
        case linear(low: Double, high: Double, dates: Bool)
    }
    var kind: Kind
    var reversed = false

    var isBand: Bool { if case .band = kind { true } else { false } }
    var isDates: Bool { if case .linear(_, _, true) = kind { true } else { false } }

    /// The width of one band, or 0 for a linear scale.
    var bandWidth: Double {
        if case .band(let categories) = kind { return 1 / Double(max(categories.count, 1)) }
        return 0
    }

    /// Where `value` falls (a band's middle), or nil when it is not on this scale.
    func position(_ value: PlottedValue) -> Double? {
        let raw: Double?
        switch kind {
        case .band(let categories):
            raw = categories.firstIndex(of: value).map { (Double($0) + 0.5) / Double(categories.count) }
        case .linear(let low, let high, _):
            raw = value.number.map { high == low ? 0.5 : ($0 - low) / (high - low) }
        }
        return raw.map { reversed ? 1 - $0 : $0 }
    }

    /// The position of a number on a linear scale.
    func position(number: Double) -> Double {
        guard case .linear(let low, let high, _) = kind else { return 0 }
        let raw = high == low ? 0.5 : (number - low) / (high - low)
        return reversed ? 1 - raw : raw
    }

    /// The scale for `values` (and a domain the app gave), widened to round ticks.
    static func make(values: [PlottedValue], domain: ScaleDomainValue?, includesZero: Bool, padding: Double = 0) -> ChartScale {
        var reversed = false
        var wantsZero = includesZero
        switch domain {
        case .categories(let categories)?:
            return ChartScale(kind: .band(categories))
        case .range(let low, let high)?:
            let dates: Bool = if case .date = low { true } else { false }
            return ChartScale(kind: .linear(low: low.number ?? 0, high: high.number ?? 1, dates: dates))
        case .automatic(let zero, let reverse)?:
            reversed = reverse
            if let zero { wantsZero = zero }
        case nil: break
        }
        if values.contains(where: { if case .category = $0 { true } else { false } }) {
            var seen = Set<PlottedValue>()
            var categories: [PlottedValue] = []
            for value in values {
                let category = PlottedValue.category(value.text)
                if seen.insert(category).inserted { categories.append(category) }
            }
            return ChartScale(kind: .band(categories), reversed: reversed)
        }
        let dates = values.contains { if case .date = $0 { true } else { false } }
        let numbers = values.compactMap(\.number)
        guard var low = numbers.min(), var high = numbers.max() else {
            return ChartScale(kind: .linear(low: 0, high: 1, dates: dates), reversed: reversed)
        }
        low -= padding
        high += padding
        if dates {
            if low == high {
                low -= 43_200
                high += 43_200
            }
            return ChartScale(kind: .linear(low: low, high: high, dates: true), reversed: reversed)
        }
        if wantsZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        if low == high {
            low -= 1
            high += 1
        }
        let step = Self.niceStep((high - low) / 5)
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        return ChartScale(kind: .linear(low: low, high: high, dates: false), reversed: reversed)
    }

    /// 1, 2 or 5 times a power of ten, near `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        // The nearest of 1, 2, 5 and 10 (by ratio), as d3's ticks choose.
        let nice: Double = fraction >= 50.0.squareRoot() ? 10 : fraction >= 10.0.squareRoot() ? 5 : fraction >= 2.0.squareRoot() ? 2 : 1
        return nice * power
    }

    /// The values an axis marks by default (or every `stride`), with their labels' text.
    func ticks(_ values: AxisMarkValues, desired: Int, timeZone: TimeZone) -> [PlottedValue] {
        switch kind {
        case .band(let categories):
            if case .values(let given) = values.kind { return given }
            return categories
        case .linear(let low, let high, let dates):
            switch values.kind {
            case .values(let given): return given
            case .stride(let step) where !dates:
                return Self.numbers(from: low, to: high, step: step).map { .number($0) }
            case .dateStride(let component, let count) where dates:
                return Self.dates(from: low, to: high, component: component, count: count, timeZone: timeZone)
            case .automatic(let count):
                let wanted = count ?? desired
                if dates { return Self.dates(from: low, to: high, wanted: wanted, timeZone: timeZone) }
                return Self.numbers(from: low, to: high, step: Self.niceStep((high - low) / Double(max(wanted, 1)))).map { .number($0) }
            default:
                return Self.numbers(from: low, to: high, step: Self.niceStep((high - low) / Double(desired))).map { .number($0) }
            }
        }
    }

    static func numbers(from low: Double, to high: Double, step: Double) -> [Double] {
        guard step > 0, high >= low, (high - low) / step < 500 else { return [low, high] }
        var out: [Double] = []
        var value = (low / step).rounded(.up) * step
        while value <= high + step * 1e-9 {
            out.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return out
    }

    /// Dates a calendar unit apart, from the first whole unit in the domain.
    static func dates(from low: Double, to high: Double, component: Calendar.Component, count: Int, timeZone: TimeZone) -> [PlottedValue] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = Date(timeIntervalSinceReferenceDate: low)
        let end = Date(timeIntervalSinceReferenceDate: high)
        guard var date = calendar.dateInterval(of: component, for: start)?.start else { return [] }
        if date < start, let next = calendar.date(byAdding: component, value: count, to: date) { date = next }
        var out: [PlottedValue] = []
        while date <= end, out.count < 400 {
            out.append(.date(date))
            guard let next = calendar.date(byAdding: component, value: max(count, 1), to: date) else { break }
            date = next
        }
        return out
    }

    /// About `wanted` dates at a round unit across the domain.
    static func dates(from low: Double, to high: Double, wanted: Int, timeZone: TimeZone) -> [PlottedValue] {
        let span = (high - low) / Double(max(wanted, 1))
        let units: [(Calendar.Component, Int, Double)] = [
            (.minute, 15, 900), (.hour, 1, 3600), (.hour, 3, 10_800), (.hour, 6, 21_600), (.day, 1, 86_400), (.day, 2, 172_800),
            (.weekOfYear, 1, 604_800), (.month, 1, 2_629_800), (.month, 3, 7_889_400), (.year, 1, 31_557_600),
        ]
        let (component, count, _) = units.first { $0.2 >= span } ?? (.year, max(Int(span / 31_557_600), 1), 0)
        return dates(from: low, to: high, component: component, count: count, timeZone: timeZone)
    }

    /// A date's label for ticks `spacing` seconds apart.
    static func dateLabel(_ date: Date, spacing: Double, timeZone: TimeZone) -> String {
        var style = Date.FormatStyle(timeZone: timeZone)
        if spacing < 86_400 {
            style = style.hour().minute()
        } else if spacing < 2_500_000 {
            style = style.month(.abbreviated).day()
        } else if spacing < 31_000_000 {
            style = style.month(.abbreviated)
        } else {
            style = style.year()
        }
        return date.formatted(style)
    }
}
