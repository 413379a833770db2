import Foundation

extension UUID {
    /// A UUID from its 16 bytes in network order (the first 16 of `bytes` are used).
    public init(bytes: [UInt8]) {
        precondition(bytes.count >= 16, "A UUID needs 16 bytes")
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
