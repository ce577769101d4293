import Jetway

@main
struct DeparturesApp: App {
    /// Made once per process: every visitor's pages share it.
    let board = Board()

    var body: some Scene {
        WindowGroup("Departures") {
            BoardView()
                .environment(board)
        }
    }
}
