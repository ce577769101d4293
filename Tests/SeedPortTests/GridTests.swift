// Seed 001, "Grid view in SwiftUI": the iOS 16 Grid example as published, with the
// Separator and Cell views it refers to.
import Jetway
import JetwayTesting
import Testing

struct Separator: View {
    let title: String
    var body: some View {
        VStack {
            Text(title).font(.headline)
            Divider()
        }
    }
}

struct Cell: View {
    let title: String
    let imageName: String
    var body: some View {
        VStack {
            Image(systemName: imageName)
            Text(title)
        }
    }
}

struct GridContentView: View {
    var body: some View {
        Grid(
            alignment: .center,
            horizontalSpacing: 16,
            verticalSpacing: 8
        ) {
            Separator(title: "Today")
                .gridCellUnsizedAxes(.horizontal)
            GridRow {
                Text("Finals")
                Cell(title: "Archery", imageName: "figure.archery")
                Cell(title: "Badminton", imageName: "figure.badminton")
            }
            Separator(title: "Tomorrow")
                .gridCellUnsizedAxes(.horizontal)
            GridRow(alignment: .bottom) {
                Text("Qualifications")
                Cell(title: "Bowling", imageName: "figure.archery")
                Cell(title: "Golf", imageName: "figure.golf")
                Cell(title: "Handball", imageName: "figure.handball")
            }
        }
    }
}

@MainActor
struct GridTests {
    @Test func gridHasAsManyColumnsAsItsWidestRow() throws {
        let host = ViewHost(GridContentView())
        let grid = try #require(host.dom.root.descendants.first { $0.attribute("class") == "jw-grid" })
        #expect(grid.attribute("style")?.contains("grid-template-columns:repeat(4,auto)") == true)
        #expect(grid.attribute("style")?.contains("column-gap:16px") == true)
        #expect(grid.attribute("style")?.contains("row-gap:8px") == true)
        let rows = grid.children.filter { $0.attribute("role") == "row" }
        #expect(rows.count == 2)
        #expect(rows[0].children.count == 3)
        #expect(rows[1].children.count == 4)
        #expect(rows[1].attribute("style") == "--jw-row-align:end")
    }

    @Test func separatorsSpanTheGridWithoutSizingIt() throws {
        let host = ViewHost(GridContentView())
        let separators = host.dom.root.descendants.filter { $0.attribute("class")?.contains("jw-unsized-h") == true }
        #expect(separators.count == 2)
        #expect(separators.map { $0.textContent } == ["Today", "Tomorrow"])
        #expect(separators.allSatisfy { $0.children.last?.tag == "hr" })
    }

    @Test func iconsOutsideTheBundledSetReadTheirName() throws {
        let host = ViewHost(GridContentView())
        let golf = try #require(host.dom.root.descendants.first { $0.attribute("aria-label") == "figure golf" })
        #expect(golf.tag == "svg")
        #expect(golf.attribute("class")?.contains("jw-icon-missing") == true)
        #expect(golf.attribute("role") == "img")
    }
}
