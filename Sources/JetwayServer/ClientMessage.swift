import Foundation
import Jetway

/// A message from the browser runtime, decoded and checked. Anything else is malformed.
///
/// | message | JSON |
/// |---|---|
/// | join | `["join", token, path, version, buildID]` |
/// | event | `["e", ref, elementId, event, payload]` — payload: null, string, bool, number, `[w,h]` |
/// | ping | `["ping", stamp]` |
/// | resync | `["resync"]` |
enum ClientMessage: Equatable {
    case join(token: String, path: String, version: UInt64, buildID: String)
    case event(ref: Int, id: String, event: String, payload: EventPayload)
    case ping(Int)
    case resync

    init?(_ bytes: [UInt8]) {
        guard let array = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) as? [Any],
            let kind = array.first as? String
        else { return nil }
        switch kind {
        case "join":
            guard array.count == 5, let token = array[1] as? String, let path = array[2] as? String, path.hasPrefix("/"),
                let version = (array[3] as? NSNumber)?.int64Value, version >= 0, let buildID = array[4] as? String
            else { return nil }
            self = .join(token: token, path: path, version: UInt64(version), buildID: buildID)
        case "e":
            guard array.count == 5, let ref = (array[1] as? NSNumber)?.intValue, let id = array[2] as? String, id.utf8.count <= 8,
                let event = array[3] as? String, event.utf8.count <= 16
            else { return nil }
            let payload: EventPayload
            switch array[4] {
            case is NSNull: payload = .none
            case let text as String: payload = .text(text)
            case let flag as Bool where type(of: array[4]) == Bool.self:
                payload = .bool(flag)
            case let number as NSNumber:
                payload = .number(number.doubleValue)
            case let pair as [NSNumber] where pair.count == 2: payload = .size(width: pair[0].doubleValue, height: pair[1].doubleValue)
            default: return nil
            }
            self = .event(ref: ref, id: id, event: event, payload: payload)
        case "ping":
            guard array.count == 2, let stamp = (array[1] as? NSNumber)?.intValue else { return nil }
            self = .ping(stamp)
        case "resync":
            self = .resync
        default:
            return nil
        }
    }
}
