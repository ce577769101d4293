// Seed 000, "Building reusable views": the generic GridView (ViewBuilder content, generics,
// GeometryReader) and the Awards screen that uses it, as the chapter ends, plus the
// challenge's variant that hands the cell width to the content.
import Jetway
import JetwayTesting
import Testing

struct GridView<Content, T>: View where Content: View {
    var columns: Int
    var items: [T]
    let content: (T) -> Content

    init(
        columns: Int, items: [T],
        @ViewBuilder content: @escaping (T) -> Content
    ) {
        self.columns = columns
        self.items = items
        self.content = content
    }

    var numberRows: Int {
        guard items.count > 0 else {
            return 0
        }

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
                    ForEach(0..<self.numberRows) { row in
                        HStack {
                            ForEach(0..<self.columns) { column in
                                Group {
                                    if self.elementFor(row: row, column: column) != nil {
                                        self.content(
                                            self.items[self.elementFor(row: row, column: column)!]
                                        )
                                        .frame(
                                            width: geometry.size.width / CGFloat(self.columns),
                                            height: geometry.size.width / CGFloat(self.columns))
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
}

struct SizedGridView<Content, T>: View where Content: View {
    var columns: Int
    var items: [T]
    let content: (CGFloat, T) -> Content

    init(
        columns: Int, items: [T],
        @ViewBuilder content: @escaping (CGFloat, T) -> Content
    ) {
        self.columns = columns
        self.items = items
        self.content = content
    }

    var numberRows: Int { items.isEmpty ? 0 : (items.count - 1) / columns + 1 }

    func elementFor(row: Int, column: Int) -> Int? {
        let index = row * self.columns + column
        return index < items.count ? index : nil
    }

    var body: some View {
        GeometryReader { geometry in
            ScrollView {
                VStack {
                    ForEach(0..<self.numberRows) { row in
                        HStack {
                            ForEach(0..<self.columns) { column in
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

struct AwardInformation: Identifiable {
    let id = UUID()
    let title: String
    let description: String
    let awarded: Bool
    var awardView: AnyView { AnyView(Image(systemName: awarded ? "star.fill" : "star")) }
}

struct AirportAwards: View {
    let awards = [
        AwardInformation(title: "First Flight", description: "Took your first flight", awarded: true),
        AwardInformation(title: "Overnight", description: "Stayed overnight", awarded: true),
        AwardInformation(title: "Frequent Flyer", description: "Ten flights", awarded: false),
        AwardInformation(title: "Night Owl", description: "A red-eye", awarded: true),
        AwardInformation(title: "Globetrotter", description: "Three continents", awarded: true),
    ]
    var activeAwards: [AwardInformation] { awards.filter { $0.awarded } }

    var body: some View {
        VStack {
            Text("Your Awards (\(activeAwards.count))")
                .font(.title)
            GridView(columns: 2, items: activeAwards) { item in
                VStack {
                    item.awardView
                    Text(item.title)
                }.padding(5)
            }
        }
    }
}

@MainActor
struct GridViewTests {
    @Test func integersFillRowsAndPadTheLastRow() throws {
        let host = ViewHost(
            GridView(columns: 3, items: [11, 3, 7, 17, 5, 2, 1]) { item in
                Text("\(item)")
            })
        let rows = host.dom.root.descendants.filter { $0.attribute("class")?.hasPrefix("jw-hstack") == true }
        #expect(rows.count == 3)
        #expect(rows.map { $0.children.count } == [3, 3, 3])
        #expect(rows[2].children.filter { $0.attribute("class") == "jw-spacer" }.count == 2)
        #expect(rows.map(\.textContent) == ["1137", "1752", "1"])
    }

    @Test func cellsAreSizedFromTheGeometryAndFollowResizes() throws {
        let host = ViewHost(GridView(columns: 2, items: ["a", "b"]) { Text($0) })
        let expected = GeometryProxy.defaultSize.width / 2
        #expect(host.html.contains("width:\(Int(expected))px"))
        try host.resize(width: 300, height: 500)
        #expect(host.html.contains("width:150px;height:150px"))
        #expect(!host.html.contains("width:\(Int(expected))px"))
    }

    @Test func awardsScreenShowsActiveAwardsInTwoColumns() throws {
        let host = ViewHost(AirportAwards())
        #expect(host.elements(withText: "Your Awards (4)").count == 1)
        let rows = host.dom.root.descendants.filter { $0.attribute("class")?.hasPrefix("jw-hstack") == true }
        #expect(rows.count == 2)
        #expect(host.elements(withText: "Frequent Flyer").isEmpty)
        #expect(host.html.contains("padding:5px"))
    }

    @Test func challengeVariantHandsTheWidthToTheContent() throws {
        let host = ViewHost(
            SizedGridView(columns: 3, items: [11, 3, 7, 17]) { gridWidth, item in
                Text("\(item)")
                    .frame(width: gridWidth, height: gridWidth)
            })
        #expect(host.html.contains("width:130px;height:130px"))
        try host.resize(width: 600, height: 400)
        #expect(host.html.contains("width:200px;height:200px"))
    }
}
