import Foundation
import Jetway
import JetwayCoreData
import JetwayTesting
import Testing

// A reminders app as Core Data apps are written (and as `jetway port` leaves them): the model
// Xcode's editor writes, entity classes with their `@NSManaged` properties (`@Managed` here),
// fetch requests with sort descriptors and format predicates, a persistence controller, views
// with `@FetchRequest` and `@Environment(\.managedObjectContext)`.

let remindersModel = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
        <entity name="Reminder" representedClassName="Reminder" syncable="YES">
            <attribute name="dueDate" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            <attribute name="isCompleted" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
            <attribute name="priority" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="title" attributeType="String"/>
            <relationship name="list" maxCount="1" deletionRule="Nullify" destinationEntity="ReminderList" inverseName="reminders" inverseEntity="ReminderList"/>
            <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="reminders" inverseEntity="Tag"/>
        </entity>
        <entity name="ReminderList" representedClassName="ReminderList" syncable="YES">
            <attribute name="title" attributeType="String"/>
            <relationship name="reminders" optional="YES" toMany="YES" deletionRule="Cascade" ordered="YES" destinationEntity="Reminder" inverseName="list" inverseEntity="Reminder"/>
        </entity>
        <entity name="Tag" representedClassName="Tag" syncable="YES">
            <attribute name="title" attributeType="String"/>
            <relationship name="reminders" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Reminder" inverseName="tags" inverseEntity="Reminder"/>
        </entity>
    </model>
    """

public class ReminderList: NSManagedObject {}
public class Reminder: NSManagedObject {}
public class Tag: NSManagedObject {}

extension ReminderList {
    @Managed var title: String
    @Managed var reminders: NSOrderedSet?

    var remindersArray: [Reminder] { reminders?.array as? [Reminder] ?? [] }
}

extension Reminder {
    @Managed var title: String
    @Managed var isCompleted: Bool
    @Managed var dueDate: Date?
    @Managed var priority: Int16
    @Managed var list: ReminderList
    @Managed var tags: Set<Tag>?

    static func reminders(in list: ReminderList) -> FetchRequest<Reminder> {
        let titleSortDescriptor = NSSortDescriptor(key: "title", ascending: true)
        let prioritySortDescriptor = NSSortDescriptor(key: "priority", ascending: false)
        let listPredicate = NSPredicate(format: "%K == %@", "list.title", list.title)
        let isCompletedPredicate = NSPredicate(format: "%K == %@", "isCompleted", NSNumber(value: false))
        let combinedPredicate = NSCompoundPredicate(andPredicateWithSubpredicates: [listPredicate, isCompletedPredicate])
        return FetchRequest(
            entity: Reminder.entity(), sortDescriptors: [prioritySortDescriptor, titleSortDescriptor], predicate: combinedPredicate)
    }
}

extension Tag {
    @Managed var title: String
    @Managed var reminders: NSSet?
}

extension Reminder: Identifiable {}
extension ReminderList: Identifiable {}

/// The Xcode template's persistence file.
struct PersistenceController {
    let container: NSPersistentContainer

    init(inMemory: Bool = false, at url: URL? = nil) {
        let model = NSManagedObjectModel(name: "Reminders", xml: remindersModel)!
        container = NSPersistentContainer(name: "Reminders", managedObjectModel: model)
        if inMemory {
            container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath: "/dev/null")
        } else if let url {
            container.persistentStoreDescriptions.first!.url = url
        }
        container.loadPersistentStores { _, error in
            if let error = error as NSError? { fatalError("Unresolved error \(error), \(error.userInfo)") }
        }
    }
}

struct ReminderListView: View {
    @Environment(\.managedObjectContext) private var viewContext
    var list: ReminderList
    var fetchRequest: FetchRequest<Reminder>
    var reminders: FetchedResults<Reminder> { fetchRequest.wrappedValue }

    init(list: ReminderList) {
        self.list = list
        fetchRequest = Reminder.reminders(in: list)
    }

    var body: some View {
        List {
            ForEach(reminders) { reminder in
                HStack {
                    Text(reminder.title)
                    Button("Done \(reminder.title)") {
                        reminder.isCompleted = true
                        try? viewContext.save()
                    }
                }
            }
            .onDelete { offsets in
                for index in offsets { viewContext.delete(reminders[index]) }
                try? viewContext.save()
            }
            Button("Add") {
                let reminder = Reminder(context: viewContext)
                reminder.title = "New \(list.remindersArray.count)"
                reminder.list = list
                try? viewContext.save()
            }
        }
    }
}

struct ListsView: View {
    @Environment(\.managedObjectContext) private var viewContext
    @FetchRequest(sortDescriptors: [SortDescriptor(\ReminderList.title)]) private var lists: FetchedResults<ReminderList>
    @State private var name = ""

    var body: some View {
        VStack {
            ForEach(lists) { list in
                Text("\(list.title): \(list.remindersArray.count)")
            }
            TextField("Name", text: $name)
            Button("Create") {
                let list = ReminderList(context: viewContext)
                list.title = name
                try? viewContext.save()
                name = ""
            }
        }
    }
}

/// A row that observes its reminder, and a searchable list of all.
struct ReminderRow: View {
    @ObservedObject var reminder: Reminder
    var body: some View {
        Text(reminder.isCompleted ? "✓ \(reminder.title)" : reminder.title)
    }
}

struct SearchableReminders: View {
    @FetchRequest(entity: Reminder.entity(), sortDescriptors: [NSSortDescriptor(keyPath: \Reminder.title, ascending: true)])
    private var reminders: FetchedResults<Reminder>
    @State private var query = ""

    var body: some View {
        VStack {
            TextField("Search", text: $query)
                .onChange(of: query) { _, text in
                    reminders.nsPredicate = text.isEmpty ? nil : NSPredicate(format: "title CONTAINS[cd] %@", text)
                }
            Button("Z to A") { reminders.nsSortDescriptors = [NSSortDescriptor(key: "title", ascending: false)] }
            Button("A to Z") { $reminders.wrappedValue.sortDescriptors = [SortDescriptor(\.title)] }
            ForEach(reminders) { ReminderRow(reminder: $0) }
        }
    }
}

extension ViewHost {
    /// The page's texts (each `Text`), in order.
    var texts: [String] { elements(withClass: StyleClass.text).map(\.textContent) }
    /// The texts outside buttons.
    var rows: [String] {
        dom.root.descendants.filter { $0.tag == "button" }.reduce(texts) { texts, button in texts.filter { $0 != button.textContent } }
    }
}

@MainActor
@Suite(.serialized)
struct RemindersAppTests {
    @Test func objectsAreMadeLinkedAndFetchedInOrder() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        let groceries = ReminderList(context: context)
        groceries.title = "Groceries"
        for (title, priority) in [("Milk", 1), ("Apples", 2), ("Bread", 2)] {
            let reminder = Reminder(context: context)
            reminder.title = title
            reminder.priority = Int16(priority)
            reminder.list = groceries
        }
        #expect(context.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
        #expect(groceries.remindersArray.map(\.title) == ["Milk", "Apples", "Bread"], "the inverse kept in step, in order")
        let request = NSFetchRequest<Reminder>(entityName: "Reminder")
        request.sortDescriptors = [NSSortDescriptor(key: "priority", ascending: false), NSSortDescriptor(key: "title", ascending: true)]
        #expect(try context.fetch(request).map(\.title) == ["Apples", "Bread", "Milk"])
        request.predicate = NSPredicate(format: "title BEGINSWITH[c] %@ OR priority == %d", "m", 2)
        #expect(try context.fetch(request).map(\.title) == ["Apples", "Bread", "Milk"])
        request.predicate = NSPredicate(format: "list = %@ AND title CONTAINS %@", groceries, "rea")
        #expect(try context.fetch(request).map(\.title) == ["Bread"], "an object compares by identity")
        #expect(try context.count(for: NSFetchRequest<ReminderList>(entityName: "ReminderList")) == 1)
    }

    @Test func aRequiredValueMissingIsRefusedAndDeletingCascades() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        let list = ReminderList(context: context)
        let reminder = Reminder(context: context)
        reminder.title = "Call the gate"
        #expect(throws: NSError.self) { try context.save() }
        list.title = "Work"
        reminder.list = list
        try context.save()
        let tag = Tag(context: context)
        tag.title = "urgent"
        reminder.tags = [tag]
        #expect((tag.reminders?.allObjects as? [Reminder])?.map(\.title) == ["Call the gate"], "a to-many inverse")
        try context.save()
        context.delete(list)
        try context.save()
        #expect(try context.fetch(NSFetchRequest<Reminder>(entityName: "Reminder")).isEmpty, "the list's reminders went with it")
        #expect(tag.reminders?.count == 0, "and the tag let go of them")
    }

    @Test func rollbackForgetsUnsavedChanges() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        let list = ReminderList(context: context)
        list.title = "Trips"
        try context.save()
        list.title = "Holidays"
        let extra = ReminderList(context: context)
        extra.title = "Extra"
        context.rollback()
        #expect(list.title == "Trips")
        #expect(try context.fetch(NSFetchRequest<ReminderList>(entityName: "ReminderList")).map(\.title) == ["Trips"])
    }

    @Test func theStoreFileKeepsObjectsAcrossARestart() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "jetway-core-data-\(UUID().uuidString)/Reminders.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let context = PersistenceController(at: url).container.viewContext
            let list = ReminderList(context: context)
            list.title = "Packing"
            let reminder = Reminder(context: context)
            reminder.title = "Passport"
            reminder.priority = 3
            reminder.dueDate = Date(timeIntervalSince1970: 1_800_000_000)
            reminder.list = list
            try context.save()
            reminder.title = "Not saved"
        }
        let context = PersistenceController(at: url).container.viewContext
        let reminders = try context.fetch(NSFetchRequest<Reminder>(entityName: "Reminder"))
        #expect(reminders.count == 1)
        let passport = try #require(reminders.first)
        #expect(passport.title == "Passport" && passport.priority == 3 && !passport.isCompleted)
        #expect(passport.dueDate == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(passport.list.title == "Packing" && passport.list.remindersArray == [passport], "relationships read back")
        // A new object after the restart takes a number of its own.
        let more = Reminder(context: context)
        more.title = "Tickets"
        more.list = passport.list
        try context.save()
        #expect(more.objectID != passport.objectID)
        // The newest object deleted, then another restart: its number is not given again.
        let lastNumber = more.objectID
        context.delete(more)
        try context.save()
        let reopened = PersistenceController(at: url).container.viewContext
        let newer = Reminder(context: reopened)
        #expect(newer.objectID != lastNumber && newer.objectID.uriRepresentation() != lastNumber.uriRepresentation())
        // An object made with no context takes a number when inserted.
        let loose = Tag(entity: Tag.entity(), insertInto: nil)
        reopened.insert(loose)
        #expect(loose.objectID != newer.objectID && loose.objectID.uriRepresentation().lastPathComponent != "p0")
    }

    @Test func aBatchDeleteEmptiesAnEntityInTheStoreAndLeavesOtherChangesUnsaved() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "jetway-core-data-\(UUID().uuidString)/Reminders.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let container = PersistenceController(at: url).container
        container.persistentStoreDescriptions.first?.setOption(true as NSNumber, forKey: NSPersistentHistoryTrackingKey)
        container.viewContext.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        let context = container.viewContext
        for title in ["Work", "Home"] {
            let list = ReminderList(context: context)
            list.title = title
            let reminder = Reminder(context: context)
            reminder.title = "Call " + title
            reminder.list = list
        }
        try context.save()
        let draft = ReminderList(context: context)
        draft.title = "Draft"
        // The "delete all" of a settings screen, as the Xcode-era stacks write it.
        let fetch = NSFetchRequest<NSFetchRequestResult>(entityName: "Reminder")
        let delete = NSBatchDeleteRequest(fetchRequest: fetch)
        delete.resultType = .resultTypeObjectIDs
        let result = try context.execute(delete) as? NSBatchDeleteResult
        let ids = try #require(result?.result as? [NSManagedObjectID])
        NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSDeletedObjectsKey: ids], into: [context])
        #expect(try ids.count == 2 && context.fetch(NSFetchRequest<Reminder>(entityName: "Reminder")).isEmpty)
        #expect(context.hasChanges, "the draft list is still unsaved")
        let reopened = PersistenceController(at: url).container.viewContext
        #expect(try reopened.count(for: NSFetchRequest<Reminder>(entityName: "Reminder")) == 0)
        #expect(try reopened.fetch(NSFetchRequest<ReminderList>(entityName: "ReminderList")).map(\.title).sorted() == ["Home", "Work"])
    }

    @Test func aBackupRestoredReplacesTheStoreTheContextReads() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-core-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Reminders.sqlite")
        let backup = folder.appendingPathComponent("Backup.sqlite")
        let container = PersistenceController(at: url).container
        let context = container.viewContext
        let list = ReminderList(context: context)
        list.title = "Saved before the backup"
        try context.save()
        // The store's file and its journal (SQLite's write-ahead log), as a careful backup copies them.
        let files = ["", "-wal", "-shm"]
        for suffix in files where FileManager.default.fileExists(atPath: url.path + suffix) {
            try FileManager.default.copyItem(atPath: url.path + suffix, toPath: backup.path + suffix)
        }
        list.title = "Changed after"
        try context.save()
        try container.persistentStoreCoordinator.destroyPersistentStore(at: url, type: .sqlite)
        #expect(try context.fetch(NSFetchRequest<ReminderList>(entityName: "ReminderList")).isEmpty)
        for suffix in files where FileManager.default.fileExists(atPath: backup.path + suffix) {
            try FileManager.default.copyItem(atPath: backup.path + suffix, toPath: url.path + suffix)
        }
        try container.persistentStoreCoordinator.addPersistentStore(type: .sqlite, at: url)
        let restored = try context.fetch(NSFetchRequest<ReminderList>(entityName: "ReminderList")).map(\.title)
        #expect(restored == ["Saved before the backup"])
    }

    @Test func aContextWithNoModelSaysHowToGiveItOne() {
        // A view shown without `.environment(\.managedObjectContext, …)`.
        let unset = EnvironmentValues().managedObjectContext
        let note = Tag(context: unset)
        note.title = "lost?"
        #expect {
            try unset.save()
        } throws: { error in
            (error as NSError).localizedDescription.contains(".environment(\\.managedObjectContext")
        }
        #expect(throws: NSError.self) { try unset.fetch(NSFetchRequest<Tag>(entityName: "Tag")) }
        unset.rollback()
    }

    @Test func aRequiredObjectThatIsGoneDoesNotStopTheServer() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        let reminder = Reminder(context: context)
        reminder.title = "Orphan"
        #expect(reminder.value(forKey: "list") == nil, "no list: nil, not a nil inside Any")
        #expect(reminder.list.title == "", "a non-optional to-one with no object reads as an empty object of its entity")
        #expect(reminder.dueDate == nil)
        // A to-one cleared with `NSNull` (as Objective-C-era code does) is none, read as an
        // optional or not; a collection given to it is refused as none, not kept.
        let list = ReminderList(context: context)
        list.title = "Errands"
        reminder.setValue(list, forKey: "list")
        reminder.setValue(NSNull(), forKey: "list")
        #expect(reminder.value(forKey: "list") == nil)
        let none: ReminderList? = reminder.managedValue(forKey: "list")
        #expect(none == nil)
        reminder.setValue(NSSet(array: [list]), forKey: "list")
        #expect(reminder.value(forKey: "list") == nil && reminder.list.title == "")
    }

    @Test func aViewsFetchRequestFollowsTheContext() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        let list = ReminderList(context: context)
        list.title = "Groceries"
        for title in ["Milk", "Apples"] {
            let reminder = Reminder(context: context)
            reminder.title = title
            reminder.list = list
        }
        try context.save()
        let host = ViewHost(ReminderListView(list: list).environment(\.managedObjectContext, context))
        #expect(host.texts.filter { ["Milk", "Apples"].contains($0) } == ["Apples", "Milk"], "\(host.html)")
        try host.tap("Done Milk")
        #expect(!host.texts.contains("Milk"), "a completed reminder leaves the list: \(host.texts)")
        try host.tap("Add")
        #expect(host.texts.contains("New 2"), "\(host.texts)")
        // A change made elsewhere (another page) reaches this one.
        let other = Reminder(context: context)
        other.title = "Bread"
        other.list = list
        try context.save()
        try host.update()
        #expect(host.texts.contains("Bread"))
    }

    @Test func fetchRequestPropertiesWithSortDescriptorsAndTwoPagesAtOnce() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        let first = ViewHost(ListsView().environment(\.managedObjectContext, context))
        let second = ViewHost(ListsView().environment(\.managedObjectContext, context))
        try first.type("Work", into: "Name")
        try first.tap("Create")
        try second.update()
        #expect(second.texts.contains("Work: 0"), "\(second.texts)")
        try second.type("Home", into: "Name")
        try second.tap("Create")
        try first.update()
        #expect(first.texts.filter { $0.hasSuffix(": 0") } == ["Home: 0", "Work: 0"], "sorted by title")
    }

    @Test func aRowObservesItsObjectAndASearchChangesThePredicate() throws {
        let context = PersistenceController(inMemory: true).container.viewContext
        // (By its entity's name: its class is found once the app has used it, or by the app's module.)
        _ = ReminderList(context: context)
        context.rollback()
        let list = try #require(NSEntityDescription.insertNewObject(forEntityName: "ReminderList", into: context) as? ReminderList)
        list.setValue("Trip", forKey: "title")
        for title in ["Passport", "Tickets", "Charger"] {
            let reminder = Reminder(context: context)
            reminder.title = title
            reminder.list = list
        }
        try context.save()
        let host = ViewHost(SearchableReminders().environment(\.managedObjectContext, context))
        #expect(host.rows == ["Charger", "Passport", "Tickets"])
        try host.type("pass", into: "Search")
        try host.update()  // the search's predicate is set in onChange, after the render
        #expect(host.rows == ["Passport"], "\(host.rows)")
        let passport = try #require(try context.fetch(NSFetchRequest<Reminder>(entityName: "Reminder")).first { $0.title == "Passport" })
        passport.isCompleted = true
        try host.update()
        #expect(host.rows == ["✓ Passport"], "the row heard its object change")
        try host.type("", into: "Search")
        try host.update()
        try host.tap("Z to A")
        #expect(host.rows == ["Tickets", "✓ Passport", "Charger"])
        try host.tap("A to Z")
        #expect(host.rows == ["Charger", "✓ Passport", "Tickets"], "Swift's sort descriptors too")
        #expect(passport.value(forKeyPath: "list.title") as? String == "Trip")
        #expect(context.object(with: passport.objectID) === passport)
        #expect(passport.objectID.uriRepresentation().absoluteString.hasPrefix("x-coredata://Reminders/Reminder/p"))
    }

    @Test func deletingRowsByTheirOffsetsDeletesThoseRows() throws {
        // `.onDelete { offsets in for index in offsets { viewContext.delete(reminders[index]) } }`:
        // the indices are the render's, even as each delete changes what a fetch would return.
        let context = PersistenceController(inMemory: true).container.viewContext
        let list = ReminderList(context: context)
        list.title = "Chores"
        for title in ["A", "B", "C", "D"] {
            let reminder = Reminder(context: context)
            reminder.title = title
            reminder.list = list
        }
        try context.save()
        struct Chores: View {
            @Environment(\.managedObjectContext) private var viewContext
            @FetchRequest(sortDescriptors: [NSSortDescriptor(key: "title", ascending: true)]) private var reminders:
                FetchedResults<Reminder>
            var body: some View {
                VStack {
                    ForEach(reminders) { Text($0.title) }
                    Button("Delete the first two") {
                        for index in IndexSet([0, 1]) { viewContext.delete(reminders[index]) }
                        try? viewContext.save()
                    }
                }
            }
        }
        let host = ViewHost(Chores().environment(\.managedObjectContext, context))
        #expect(host.rows == ["A", "B", "C", "D"])
        // Another page adds a reminder after this render: the indices still mean this page's rows.
        let early = Reminder(context: context)
        early.title = "0"
        early.list = list
        try context.save()
        try host.tap("Delete the first two")
        #expect(host.rows == ["0", "C", "D"], "\(host.rows)")
    }

    @Test func aPagesUnsavedDraftIsItsOwn() throws {
        // One visitor starts a list and has not saved it; another saves, discards and lists.
        struct Lists: View {
            @Environment(\.managedObjectContext) private var viewContext
            @FetchRequest(sortDescriptors: [NSSortDescriptor(key: "title", ascending: true)]) private var lists:
                FetchedResults<ReminderList>
            var body: some View {
                VStack {
                    ForEach(lists) { Text($0.title) }
                    Button("Draft") {
                        let list = ReminderList(context: viewContext)
                        list.title = "Groceries"
                    }
                    Button("Save") { try? viewContext.save() }
                    Button("Discard") { viewContext.rollback() }
                }
            }
        }
        let context = PersistenceController(inMemory: true).container.viewContext
        let first = ViewHost(Lists().environment(\.managedObjectContext, context))
        let second = ViewHost(Lists().environment(\.managedObjectContext, context))
        try first.tap("Draft")
        #expect(first.rows == ["Groceries"])
        try second.update()
        #expect(second.rows.isEmpty, "another page's unsaved draft is not listed")
        try second.tap("Save")
        try second.tap("Discard")
        try first.update()
        #expect(first.rows == ["Groceries"], "nor saved or discarded by another page")
        try first.tap("Save")
        try second.update()
        #expect(second.rows == ["Groceries"], "saved by its page, it is everyone's")
        #expect(!context.hasChanges)
    }
}
