import Foundation

/// Writes a ZIP (PKWARE APPNOTE 6.3) of entries already deflated by ``DeflatingFile``: for each,
/// a local header with its CRC-32 and sizes, then its deflated bytes copied as they are; then the
/// central directory. ZIP64 records are added where a size, an offset or the number of entries
/// passes what the classic fields hold (an export's FHIR bundle can pass 4 GB).
enum ZipWriter {
    private static let chunk = 1 << 20

    /// `limit`: the largest value a classic field holds; lower only in tests, to write ZIP64 small.
    static func write(
        _ entries: [DeflatingFile.Entry], to destination: URL, at time: Date, limit: UInt64 = 0xFFFF_FFFF
    ) throws {
        try? FileManager.default.removeItem(at: destination)
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        let out = try FileHandle(forWritingTo: destination)
        defer { try? out.close() }
        let (dosTime, dosDate) = dosDateTime(time)
        var offset: UInt64 = 0
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.path.utf8)
            let big = entry.size >= limit || entry.compressedSize >= limit
            var local: [UInt8] = []
            local.append32(0x0403_4b50)
            local.append16(big ? 45 : 20)  // version needed: 4.5 for ZIP64, else 2.0
            local.append16(0x0800)  // UTF-8 names
            local.append16(8)  // deflate
            local.append16(dosTime)
            local.append16(dosDate)
            local.append32(entry.crc)
            local.append32(big ? 0xFFFF_FFFF : UInt32(entry.compressedSize))
            local.append32(big ? 0xFFFF_FFFF : UInt32(entry.size))
            local.append16(UInt16(name.count))
            local.append16(big ? 20 : 0)
            local += name
            if big {
                local.append16(0x0001)
                local.append16(16)
                local.append64(entry.size)
                local.append64(entry.compressedSize)
            }
            try out.write(contentsOf: local)
            try copy(entry.work, into: out)

            // The central record: ZIP64 fields for whatever does not fit, in APPNOTE's order.
            var extra: [UInt8] = []
            if entry.size >= limit { extra.append64(entry.size) }
            if entry.compressedSize >= limit { extra.append64(entry.compressedSize) }
            if offset >= limit { extra.append64(offset) }
            central.append32(0x0201_4b50)
            central.append16(0x0300 | 45)  // made by: Unix, 4.5
            central.append16(extra.isEmpty ? 20 : 45)
            central.append16(0x0800)
            central.append16(8)
            central.append16(dosTime)
            central.append16(dosDate)
            central.append32(entry.crc)
            central.append32(entry.compressedSize >= limit ? 0xFFFF_FFFF : UInt32(entry.compressedSize))
            central.append32(entry.size >= limit ? 0xFFFF_FFFF : UInt32(entry.size))
            central.append16(UInt16(name.count))
            central.append16(extra.isEmpty ? 0 : UInt16(4 + extra.count))
            central.append16(0)  // comment
            central.append16(0)  // disk
            central.append16(0)  // internal attributes
            central.append32(0o100644 << 16)  // a regular file, rw-r--r--
            central.append32(offset >= limit ? 0xFFFF_FFFF : UInt32(offset))
            central += name
            if !extra.isEmpty {
                central.append16(0x0001)
                central.append16(UInt16(extra.count))
                central += extra
            }
            offset += UInt64(local.count) + entry.compressedSize
            try? FileManager.default.removeItem(at: entry.work)
        }
        let centralStart = offset
        try out.write(contentsOf: central)
        let count = UInt64(entries.count)
        var end: [UInt8] = []
        let zip64 = count >= 0xFFFF || centralStart >= limit || UInt64(central.count) >= limit
        if zip64 {
            let recordStart = centralStart + UInt64(central.count)
            end.append32(0x0606_4b50)
            end.append64(44)
            end.append16(0x0300 | 45)
            end.append16(45)
            end.append32(0)
            end.append32(0)
            end.append64(count)
            end.append64(count)
            end.append64(UInt64(central.count))
            end.append64(centralStart)
            end.append32(0x0706_4b50)
            end.append32(0)
            end.append64(recordStart)
            end.append32(1)
        }
        end.append32(0x0605_4b50)
        end.append16(0)
        end.append16(0)
        end.append16(zip64 ? 0xFFFF : UInt16(count))
        end.append16(zip64 ? 0xFFFF : UInt16(count))
        end.append32(UInt32(min(UInt64(central.count), 0xFFFF_FFFF)))
        end.append32(zip64 ? 0xFFFF_FFFF : UInt32(centralStart))
        end.append16(0)
        try out.write(contentsOf: end)
    }

    private static func copy(_ file: URL, into out: FileHandle) throws {
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        while let data = try input.read(upToCount: chunk), !data.isEmpty {
            try out.write(contentsOf: data)
        }
    }

    /// MS-DOS time and date, in UTC (an export says its time in UTC everywhere else too).
    static func dosDateTime(_ time: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        let year = max(0, (parts.year ?? 1980) - 1980)
        let date = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        let clock = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        return (clock, date)
    }
}

extension [UInt8] {
    fileprivate mutating func append16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    fileprivate mutating func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    fileprivate mutating func append64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
