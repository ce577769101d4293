// `import SwiftData` (which `jetway port` writes `import JetwaySwiftData`) brings Foundation
// (`Date`, `#Predicate`, `SortDescriptor`) and Observation with it, as on Apple's platforms.
@_exported import Foundation
@_exported import Observation
