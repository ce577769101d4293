import Jetway
import JetwayTesting
import Testing

@Observable final class Board {
    var title = "Departures"
    var flights = ["MA100", "MA200", "MA300"]
}

private struct BoardView: View {
    let board: Board
    let log: EvaluationLog
    var body: some View {
        let _ = log.hit("BoardView")
        VStack {
            Header(board: board, log: log)
            ForEach(board.flights, id: \.self) { FlightLine(number: $0, log: log) }
            Footer(log: log)
        }
    }
}

private struct Header: View {
    let board: Board
    let log: EvaluationLog
    var body: some View {
        let _ = log.hit("Header")
        Text(board.title)
    }
}

private struct FlightLine: View, Equatable {
    let number: String
    let log: EvaluationLog
    var body: some View {
        let _ = log.hit("FlightLine")
        Text(number)
    }
    nonisolated static func == (lhs: FlightLine, rhs: FlightLine) -> Bool { lhs.number == rhs.number }
}

private struct Footer: View {
    let log: EvaluationLog
    @State private var taps = 0
    var body: some View {
        let _ = log.hit("Footer")
        Button("Footer \(taps)") { taps += 1 }
    }
}

private struct TwoStates: View {
    let log: EvaluationLog
    @State private var a = 0
    @State private var b = 0
    var body: some View {
        let _ = log.hit("TwoStates")
        Button("Both \(a) \(b)") {
            a += 1
            b += 1
        }
    }
}

@MainActor
struct DependencyTests {
    @Test func aChangeReevaluatesOnlyTheViewsThatReadIt() throws {
        let board = Board()
        let log = EvaluationLog()
        let host = ViewHost(BoardView(board: board, log: log))
        #expect(log["BoardView"] == 1 && log["Header"] == 1 && log["FlightLine"] == 3 && log["Footer"] == 1)
        board.title = "Arrivals"
        try host.update()
        #expect(log["Header"] == 2)
        #expect(log["BoardView"] == 1)
        #expect(log["FlightLine"] == 3)
        #expect(log["Footer"] == 1)
        #expect(host.lastPatches.count == 1)
    }

    @Test func stateChangeReevaluatesItsOwnerOnly() throws {
        let log = EvaluationLog()
        let host = ViewHost(BoardView(board: Board(), log: log))
        try host.tap("Footer 0")
        #expect(log["Footer"] == 2)
        #expect(log["BoardView"] == 1 && log["Header"] == 1 && log["FlightLine"] == 3)
    }

    @Test func parentRerenderSkipsEqualEquatableChildren() throws {
        let board = Board()
        let log = EvaluationLog()
        let host = ViewHost(BoardView(board: board, log: log))
        board.flights.append("MA400")
        try host.update()
        #expect(log["BoardView"] == 2)
        #expect(log["FlightLine"] == 4)  // only the new row
        #expect(host.lastPatches.count == 1)
    }

    @Test func severalChangesInOneEventMakeOneRender() throws {
        let log = EvaluationLog()
        let host = ViewHost(TwoStates(log: log))
        try host.tap("Both 0 0")
        #expect(log["TwoStates"] == 2)
        #expect(host.elements(withText: "Both 1 1").count == 1)
        #expect(host.history.count == 1)
    }

    @Test func modelChangesOffTheMainActorAreDeliveredOnIt() async throws {
        let board = Board()
        let log = EvaluationLog()
        let host = ViewHost(BoardView(board: board, log: log))
        let box = UncheckedBox(board)
        await Task.detached { box.value.title = "Background" }.value
        await host.settle()
        #expect(host.elements(withText: "Background").count == 1)
    }
}

private final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
