// `import Jetway` is all user code needs, as `import SwiftUI` is on Apple's platforms:
// Foundation (CGFloat, Date, URL) and Observation (@Observable) come with it.
@_exported import Foundation
@_exported import Observation
