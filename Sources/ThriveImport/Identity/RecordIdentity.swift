import Crypto
import Foundation
import ThriveCore

/// A record's identity: owner, type, source, start, end and value, hashed (SHA-256) into the row id
/// and the sync identifier, so reading the same record again names the same row. Both begin with
/// the record's start in milliseconds, as a version 7 UUID does: an export is in time order within
/// each type, so new rows go in at the end of the indexes instead of at random places in them.
struct RecordIdentity {
    /// The start in milliseconds (6 bytes, big-endian), then the first 10 bytes of the hash.
    let bytes: [UInt8]

    init(owner: UUID, type: String, source: SampleSource, start: Date, end: Date, value: Double) {
        var hasher = SHA256()
        withUnsafeBytes(of: owner.uuid) { hasher.update(bufferPointer: $0) }
        for text in [type, source.name, source.kind.rawValue] {
            var text = text
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            withUnsafeBytes(of: UInt8(0x1F)) { hasher.update(bufferPointer: $0) }
        }
        withUnsafeBytes(of: start.timeIntervalSince1970.bitPattern.bigEndian) { hasher.update(bufferPointer: $0) }
        withUnsafeBytes(of: end.timeIntervalSince1970.bitPattern.bigEndian) { hasher.update(bufferPointer: $0) }
        withUnsafeBytes(of: value.bitPattern.bigEndian) { hasher.update(bufferPointer: $0) }
        let milliseconds = UInt64(max(0, (start.timeIntervalSince1970 * 1_000).rounded(.down)))
        var bytes = (0..<6).map { UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - $0))) }
        hasher.finalize().withUnsafeBytes { bytes.append(contentsOf: $0.prefix(10)) }
        self.bytes = bytes
    }

    /// Version 8 (RFC 9562, custom), laid out as version 7.
    var rowID: UUID {
        let b = bytes
        return UUID(
            uuid: (
                b[0], b[1], b[2], b[3], b[4], b[5], (b[6] & 0x0F) | 0x80, b[7], (b[8] & 0x3F) | 0x80, b[9], b[10], b[11], b[12],
                b[13], b[14], b[15]
            ))
    }

    /// "ah:…" for an Apple Health record, "csv:…" for a row of a spreadsheet.
    func syncIdentifier(_ prefix: String) -> String { prefix + bytes.withUnsafeBytes { Base64URLText.encode($0) } }
}
