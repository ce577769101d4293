/// How many bytes each client address and each device may upload, counted as the uploads are
/// announced (before a byte is stored): a bucket per key that refills at its quota per hour, so
/// fifty new browsers on one address cannot fill the disk with two-megabyte pictures. Service
/// thread only; the time comes from the caller (`UploadQuotaTests` moves it).
///
/// ```swift
/// var quotas = UploadQuotas(perAddress: 64 << 20, perDevice: 16 << 20)
/// quotas.take(2_000_000, address: "10.0.0.1", device: "d1", at: now)   // nil: allowed
/// ```
struct UploadQuotas {
    enum Refusal: Equatable {
        /// The key has used its quota; it has enough again after `seconds`.
        case address(seconds: Int)
        case device(seconds: Int)
    }

    private struct Bucket {
        var available: Double
        var at: Double
    }

    /// Bytes an hour.
    let perAddress: Int
    let perDevice: Int
    private var buckets: [String: Bucket] = [:]
    private let maximumKeys = 100_000

    init(perAddress: Int, perDevice: Int) {
        self.perAddress = perAddress
        self.perDevice = perDevice
    }

    /// Takes `bytes` from the address's and the device's quotas (`now` in seconds), or says
    /// which is spent; nothing is taken from either when one refuses.
    mutating func take(_ bytes: Int, address: String, device: String?, at now: Double) -> Refusal? {
        let addressKey = "a:" + address
        let addressLeft = available(addressKey, quota: perAddress, at: now)
        if Double(bytes) > addressLeft {
            return .address(seconds: Self.seconds(toRefill: Double(bytes) - addressLeft, quota: perAddress))
        }
        var deviceLeft = 0.0
        if let device {
            deviceLeft = available("d:" + device, quota: perDevice, at: now)
            if Double(bytes) > deviceLeft {
                return .device(seconds: Self.seconds(toRefill: Double(bytes) - deviceLeft, quota: perDevice))
            }
        }
        if buckets.count >= maximumKeys { forgetFull(at: now) }
        buckets[addressKey] = Bucket(available: addressLeft - Double(bytes), at: now)
        if let device { buckets["d:" + device] = Bucket(available: deviceLeft - Double(bytes), at: now) }
        return nil
    }

    private func available(_ key: String, quota: Int, at now: Double) -> Double {
        guard let bucket = buckets[key] else { return Double(quota) }
        return min(Double(quota), bucket.available + max(0, now - bucket.at) * Double(quota) / 3600)
    }

    private static func seconds(toRefill missing: Double, quota: Int) -> Int {
        // A file larger than the whole quota never fits: the wait names a full hour.
        Int((min(missing, Double(quota)) * 3600 / Double(max(1, quota))).rounded(.up))
    }

    /// Forgets the keys whose bucket has refilled (they hold nothing worth remembering).
    private mutating func forgetFull(at now: Double) {
        buckets = buckets.filter { key, _ in
            available(key, quota: key.hasPrefix("a:") ? perAddress : perDevice, at: now)
                < Double(key.hasPrefix("a:") ? perAddress : perDevice)
        }
    }
}
