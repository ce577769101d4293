import Foundation
import JetwayPort
import Testing

// A Core Data model as Xcode's model editor writes it, and the source Xcode would generate for
// its entities (written by `jetway port`, compiled by `make port-check` with the apps that use it).
private let budgetModel = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift" usedWithSwiftData="YES">
        <entity name="BudgetCategory" representedClassName="BudgetCategory" syncable="YES" codeGenerationType="category">
            <attribute name="dateCreated" attributeType="Date" usesScalarValueType="NO"/>
            <attribute name="title" attributeType="String"/>
            <attribute name="total" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
            <relationship name="transactions" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Transaction" inverseName="category" inverseEntity="Transaction"/>
        </entity>
        <entity name="Transaction" representedClassName="Transaction" syncable="YES" codeGenerationType="class">
            <attribute name="title" attributeType="String"/>
            <attribute name="count" optional="YES" attributeType="Integer 16" usesScalarValueType="NO"/>
            <relationship name="category" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="BudgetCategory" inverseName="transactions" inverseEntity="BudgetCategory"/>
        </entity>
        <entity name="Note" representedClassName=".Note" syncable="YES">
            <attribute name="text" attributeType="String"/>
        </entity>
    </model>
    """

struct DataModelsTests {
    @Test func theModelEditorsXMLIsRead() throws {
        let model = try #require(DataModel(name: "BudgetModel", xml: budgetModel))
        #expect(model.entities.map(\.name) == ["BudgetCategory", "Transaction", "Note"])
        let category = model.entities[0]
        #expect(category.codeGeneration == .category && category.attributes.map(\.name) == ["dateCreated", "title", "total"])
        #expect(category.attributes[2].defaultValue == "0.0" && category.attributes[2].usesScalarValueType)
        let transactions = try #require(category.relationships.first)
        #expect(transactions.isToMany && transactions.destination == "Transaction" && transactions.inverse == "category")
        #expect(model.entities[2].codeGeneration == .manual && model.entities[2].className == "Note", "`.Note`: the app's module")
        #expect(DataModel(name: "x", xml: "<plist></plist>") == nil)
    }

    @Test func theClassesXcodeGeneratesAreWritten() throws {
        let classes = DataModelClasses(models: [try #require(DataModel(name: "BudgetModel", xml: budgetModel))])
        #expect(classes.generated.map(\.name) == ["BudgetCategory", "Transaction"], "a manual entity is the app's own")
        let source = classes.source
        #expect(!source.contains("public class BudgetCategory"), "a category's class is the app's")
        #expect(source.contains("public class Transaction: NSManagedObject {}"))
        #expect(source.contains("@Managed public var dateCreated: Date?") && source.contains("@Managed public var total: Double"))
        #expect(source.contains("@Managed public var count: NSNumber?"), "a number Xcode does not make a scalar")
        #expect(
            source.contains("@Managed public var transactions: NSSet?") && source.contains("@Managed public var category: BudgetCategory?"))
        #expect(source.contains("public func addToTransactions(_ value: Transaction)"))
        #expect(source.contains("NSFetchRequest<BudgetCategory>(entityName: \"BudgetCategory\")"))
        #expect(source.contains("extension Transaction: Identifiable {}"))
    }

    @Test func aModelFolderIsFoundAndItsCurrentVersionRead() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-models-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("App/Budget.xcdatamodeld")
        for version in ["Budget.xcdatamodel", "Budget 2.xcdatamodel"] {
            try FileManager.default.createDirectory(at: bundle.appendingPathComponent(version), withIntermediateDirectories: true)
        }
        try budgetModel.write(to: bundle.appendingPathComponent("Budget.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        try budgetModel.replacingOccurrences(of: "name=\"Note\"", with: "name=\"Memo\"")
            .write(to: bundle.appendingPathComponent("Budget 2.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        try """
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Budget.xcdatamodel</string></dict></plist>
        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        #expect(DataModel.find(under: folder).map(\.standardizedFileURL.path) == [bundle.standardizedFileURL.path])
        #expect(DataModel.read(modelFolder: bundle)?.entities.last?.name == "Note", "the current version, not the last")
    }
}
