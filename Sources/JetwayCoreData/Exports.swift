import Foundation
// `import CoreData` (which `jetway port` writes `import JetwayCoreData`) brings Foundation with
// it, as on Apple's platforms: a persistence file that imports only Core Data uses `Date`,
// `URL` and `UUID`.
@_exported import Foundation

/// `NSPredicate(format: "date > %@", date as CVarArg)`: on Apple's platforms a `Date` is a
/// variadic argument (an `NSDate`); here the predicate reads the `Date` itself.
extension Date: @retroactive CVarArg {
    /// The date's seconds as a C variadic argument's bits: what lets `date as CVarArg` compile (the predicate reads the
    /// `Date` itself).
    public var _cVarArgEncoding: [Int] { [Int(truncatingIfNeeded: timeIntervalSinceReferenceDate.bitPattern)] }
}
