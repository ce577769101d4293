import Jetway

/// An award a traveller can earn at Mountain Airport.
struct AwardInformation: Identifiable, Hashable, Sendable {
    let id: Int
    let title: String
    let description: String
    let awarded: Bool
    let symbol: String

    static let all = [
        AwardInformation(id: 1, title: "First Flight", description: "Took your first flight", awarded: true, symbol: "airplane"),
        AwardInformation(id: 2, title: "Overnight", description: "Stayed overnight", awarded: true, symbol: "star"),
        AwardInformation(id: 3, title: "Frequent Flyer", description: "Ten flights", awarded: false, symbol: "ticket"),
        AwardInformation(id: 4, title: "Night Owl", description: "A red-eye", awarded: true, symbol: "clock"),
        AwardInformation(id: 5, title: "Globetrotter", description: "Three continents", awarded: true, symbol: "map"),
        AwardInformation(id: 6, title: "Early Bird", description: "A flight before six", awarded: true, symbol: "sun.max"),
        AwardInformation(id: 7, title: "Light Packer", description: "Cabin bag only", awarded: true, symbol: "suitcase"),
    ]
}

/// Seed 000's generic grid as its challenge ends it: columns of equal width, the width handed to
/// the content, laid out by the width the browser reports (`GeometryReader`).
struct GridView<Content, T>: View where Content: View {
    var columns: Int
    var items: [T]
    let content: (CGFloat, T) -> Content

    init(columns: Int, items: [T], @ViewBuilder content: @escaping (CGFloat, T) -> Content) {
        self.columns = columns
        self.items = items
        self.content = content
    }

    var numberRows: Int {
        guard items.count > 0 else { return 0 }
        return (items.count - 1) / columns + 1
    }

    func elementFor(row: Int, column: Int) -> Int? {
        let index = row * self.columns + column
        return index < items.count ? index : nil
    }

    var body: some View {
        GeometryReader { geometry in
            ScrollView {
                VStack {
                    ForEach(0..<self.numberRows, id: \.self) { row in
                        HStack {
                            ForEach(0..<self.columns, id: \.self) { column in
                                if let index = self.elementFor(row: row, column: column) {
                                    self.content(geometry.size.width / CGFloat(self.columns), self.items[index])
                                } else {
                                    Spacer()
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The awards screen (`/awards`): the traveller's awards in seed 000's `GridView`, or the same
/// awards in a `Grid` whose columns share their widths.
public struct AirportAwards: View {
    enum Layout: String, Hashable { case gridView = "GridView", grid = "Grid" }
    @State private var layout = Layout.gridView

    public init() {}

    var activeAwards: [AwardInformation] { AwardInformation.all.filter(\.awarded) }

    public var body: some View {
        NavigationStack {
            VStack(spacing: 12) {
                Text("Your Awards (\(activeAwards.count))")
                    .font(.title)
                Picker("Layout", selection: $layout) {
                    Text("Grid view").tag(Layout.gridView)
                    Text("Grid").tag(Layout.grid)
                }
                .pickerStyle(.segmented)
                .padding(.horizontal, 16)
                switch layout {
                case .gridView:
                    GridView(columns: 2, items: activeAwards) { gridWidth, item in
                        VStack {
                            Image(systemName: item.symbol)
                                .font(.largeTitle)
                                .foregroundColor(.orange)
                            Text(item.title)
                        }
                        .frame(width: gridWidth, height: gridWidth)
                    }
                case .grid:
                    Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 12) {
                        GridRow {
                            Text("Award").font(.headline)
                            Text("For").font(.headline)
                        }
                        Divider().gridCellUnsizedAxes(.horizontal)
                        ForEach(activeAwards) { award in
                            GridRow {
                                Label(award.title, systemImage: award.symbol)
                                Text(award.description).foregroundColor(.secondary)
                            }
                        }
                    }
                    .padding(16)
                }
            }
            .navigationTitle("Awards")
        }
    }
}
