import Foundation
import SQLiteNIO
import ThriveCore

/// UUIDs are stored in SQLite as 16-byte blobs: less than half the size of their text form, compared
/// with a plain `memcmp`, and encoded without formatting a string. (PostgreSQL has a native `uuid`.)
/// The conformance has to be retroactive: it is how SQLiteKit's encoder and decoder learn the format.
// swift-format-ignore: AvoidRetroactiveConformances
extension UUID: @retroactive SQLiteDataConvertible {
    public init?(sqliteData: SQLiteData) {
        switch sqliteData {
        case .blob(let buffer) where buffer.readableBytes == 16:
            var bytes = [UInt8](repeating: 0, count: 16)
            buffer.withUnsafeReadableBytes { raw in
                for index in 0..<16 { bytes[index] = raw[index] }
            }
            self.init(bytes: bytes)
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = uuid
        default:
            return nil
        }
    }

    public var sqliteData: SQLiteData? {
        withUnsafeBytes(of: uuid) { .blob(ByteBuffer(bytes: $0)) }
    }
}
