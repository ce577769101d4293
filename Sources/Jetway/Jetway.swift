// `import Jetway` is all user code needs, as `import SwiftUI` is on Apple's platforms:
// Foundation (CGFloat, Date, URL) and Observation (@Observable) come with it.
@_exported import Foundation
// The wire contract (patch ops, messages, DOM names) is the core's vocabulary too.
@_exported import JetwayWire
@_exported import Observation
