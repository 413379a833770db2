import Crypto
import Foundation
import ThriveCore

/// Turns the bytes of an Apple Health `export.xml` into Thrive's records, chunk by chunk: each
/// `Record` of a type Thrive uses becomes a quantity or category sample in its canonical unit,
/// each `Workout` a workout with its energy and distance; every other type is counted, not dropped
/// silently. A record's identity is its owner, type, source, start, end and value, so the same
/// export read again for the same person makes the same records (same row ids, same sync
/// identifiers) and stores nothing new — and two people importing one file never share a row id.
///
/// The source kind is decided here, from the file, never taken from anyone's word: a record with a
/// `device` is a device's, one marked `HKWasUserEntered` was typed in, the rest came from an app.
public final class AppleHealthReader {
    public private(set) var summary = ExportSummary()
    /// What was read since the last ``take()``.
    private var batch = ExportBatch()
    private var parser: SAXPushParser!

    private var record: PendingRecord?
    private var workout: PendingWorkout?
    private var correlationDepth = 0
    private var typeCache: (bytes: [UInt8], kind: RecordKind)?
    private var unitCache: [String: Double?] = [:]
    private var sources: [[UInt8]: String] = [:]

    private let owner: UUID

    /// `owner`: whose records these become (part of each record's identity).
    public init(owner: UUID) {
        self.owner = owner
        parser = SAXPushParser(
            start: { [unowned self] name, attributes in started(name, attributes) },
            end: { [unowned self] name in ended(name) })
    }

    /// Reads the next bytes of the file; `last` when there are no more.
    public func read(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws(XMLFileError) {
        try parser.parse(bytes, last: last)
        summary.bytesRead += bytes.count
    }

    /// How many records are waiting in the current batch.
    public var waiting: Int { batch.count }

    /// The records read since the last call.
    public func take() -> ExportBatch {
        defer { batch = ExportBatch() }
        return batch
    }

    // MARK: Elements

    private func started(_ name: UnsafePointer<UInt8>, _ attributes: SAXPushParser.Attributes) {
        if matches(name, "Record") {
            // A correlation (blood pressure) repeats records that stand on their own elsewhere.
            if correlationDepth == 0 { record = PendingRecord(attributes, sources: &sources) }
        } else if matches(name, "MetadataEntry") {
            guard record != nil else { return }
            var key: UnsafeBufferPointer<UInt8>?
            var value: UnsafeBufferPointer<UInt8>?
            for index in 0..<attributes.count {
                if matches(attributes.name(index), "key") { key = attributes.value(index) }
                if matches(attributes.name(index), "value") { value = attributes.value(index) }
            }
            if let key, let value, equal(key, "HKWasUserEntered"), equal(value, "1") { record?.userEntered = true }
        } else if matches(name, "Workout") {
            workout = PendingWorkout(attributes, sources: &sources)
        } else if matches(name, "WorkoutStatistics") {
            workout?.addStatistics(attributes)
        } else if matches(name, "Correlation") {
            correlationDepth += 1
        } else if matches(name, "ActivitySummary") {
            summary.notUsed["ActivitySummary", default: 0] += 1
        }
    }

    private func ended(_ name: UnsafePointer<UInt8>) {
        if matches(name, "Record"), let pending = record {
            record = nil
            add(pending)
        } else if matches(name, "Workout"), let pending = workout {
            workout = nil
            add(pending)
        } else if matches(name, "Correlation") {
            correlationDepth -= 1
        }
    }

    // MARK: Records

    private enum RecordKind {
        case quantity(QuantityType)
        case category(CategoryType)
        case notUsed(String)
    }

    private func kind(of type: [UInt8]) -> RecordKind {
        if let cached = typeCache, cached.bytes == type { return cached.kind }
        let name = String(decoding: type, as: UTF8.self)
        let kind: RecordKind =
            if let quantity = QuantityType(rawValue: name) {
                .quantity(quantity)
            } else if let category = CategoryType(rawValue: name) ?? Self.categoryAliases[name] {
                .category(category)
            } else {
                .notUsed(Self.shortName(name))
            }
        typeCache = (type, kind)
        return kind
    }

    /// Older exports name the rhythm event as a data type rather than a category.
    private static let categoryAliases = ["HKDataTypeIrregularHeartRhythmEvent": CategoryType.irregularHeartRhythmEvent]

    private static func shortName(_ name: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKDataType", "HKCorrelationTypeIdentifier"]
        where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }

    private func add(_ pending: PendingRecord) {
        switch kind(of: pending.type) {
        case .notUsed(let name):
            summary.notUsed[name, default: 0] += 1
        case .quantity(let type):
            guard let start = pending.start, let end = pending.end, end >= start else {
                return refuse(type.shortName, .badDate)
            }
            guard let raw = Self.number(pending.value) else { return refuse(type.shortName, .badValue) }
            guard let factor = factor(pending.unit, type.canonicalUnit) else { return refuse(type.shortName, .unknownUnit) }
            var value = raw * factor
            // Apple writes percentages as fractions; an app that wrote 97 for 97 % is read the same.
            if type.canonicalUnit == .fraction, value > 1, value <= 100 { value /= 100 }
            let source = pending.source(userEntered: pending.userEntered)
            let identity = Identity(owner: owner, type: type.rawValue, source: source, start: start, end: end, value: value)
            let sample = QuantitySample(
                id: SampleID(identity.rowID), type: type, value: value, start: start, end: end, source: source,
                sync: SyncStamp(identifier: identity.syncIdentifier))
            guard (try? sample.validated()) != nil else { return refuse(type.shortName, .outOfRange) }
            batch.quantities.append(sample)
            counted(type.shortName, start, end, source)
        case .category(let type):
            guard let start = pending.start, let end = pending.end, end >= start else {
                return refuse(type.shortName, .badDate)
            }
            guard let value = Self.categoryValue(type, pending.value) else { return refuse(type.shortName, .badValue) }
            let source = pending.source(userEntered: pending.userEntered)
            let identity = Identity(
                owner: owner, type: type.rawValue, source: source, start: start, end: end, value: Double(value))
            batch.categories.append(
                CategorySample(
                    id: CategorySampleID(identity.rowID), type: type, value: value, start: start, end: end, source: source,
                    sync: SyncStamp(identifier: identity.syncIdentifier)))
            counted(type.shortName, start, end, source)
        }
    }

    private func add(_ pending: PendingWorkout) {
        guard let start = pending.start, let end = pending.end, end >= start else { return refuse("Workout", .badDate) }
        let source = pending.source
        let energy = pending.energy.flatMap { value, unit in factor(unit, .kilocalorie).map { value * $0 } }
        let distance = pending.distance.flatMap { value, unit in factor(unit, .metre).map { value * $0 } }
        let identity = Identity(
            owner: owner, type: "Workout:\(pending.activity.rawValue)", source: source, start: start, end: end, value: energy ?? 0
        )
        batch.workouts.append(
            Workout(
                id: WorkoutID(identity.rowID), activityType: pending.activity, start: start, end: end,
                activeEnergyKilocalories: energy, distance: distance.map { Length(metres: $0) }, source: source,
                sync: SyncStamp(identifier: identity.syncIdentifier)))
        counted("Workout", start, end, source)
    }

    private func factor(_ unit: String, _ canonical: HealthUnit) -> Double? {
        let key = "\(canonical.rawValue) \(unit)"
        if let known = unitCache[key] { return known }
        let factor = ExportUnit.factor(from: unit, to: canonical)
        unitCache[key] = factor
        return factor
    }

    private func refuse(_ type: String, _ reason: ExportSummary.Refusal) {
        summary.refused[reason, default: [:]][type, default: 0] += 1
    }

    private func counted(_ type: String, _ start: Date, _ end: Date, _ source: SampleSource) {
        summary.read[type, default: 0] += 1
        summary.first = min(summary.first ?? start, start)
        summary.last = max(summary.last ?? end, end)
        summary.sources.insert(source.name)
    }

    static func number(_ bytes: [UInt8]) -> Double? {
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Double? in
            var text = [CChar](repeating: 0, count: buffer.count + 1)
            for index in 0..<buffer.count { text[index] = CChar(bitPattern: buffer[index]) }
            return text.withUnsafeBufferPointer { chars -> Double? in
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(chars.baseAddress!, &end)
                guard let end, end == UnsafeMutablePointer(mutating: chars.baseAddress! + buffer.count), value.isFinite
                else { return nil }
                return value
            }
        }
    }

    /// HealthKit's category values as the export writes them ("HKCategoryValueSleepAnalysisAsleepCore").
    static func categoryValue(_ type: CategoryType, _ bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        switch type {
        case .sleepAnalysis:
            let stages: [String: SleepStage] = [
                "HKCategoryValueSleepAnalysisInBed": .inBed, "HKCategoryValueSleepAnalysisAsleep": .asleepUnspecified,
                "HKCategoryValueSleepAnalysisAsleepUnspecified": .asleepUnspecified,
                "HKCategoryValueSleepAnalysisAwake": .awake, "HKCategoryValueSleepAnalysisAsleepCore": .asleepCore,
                "HKCategoryValueSleepAnalysisAsleepDeep": .asleepDeep, "HKCategoryValueSleepAnalysisAsleepREM": .asleepREM,
            ]
            return stages[text]?.rawValue ?? Int(text).flatMap { SleepStage(rawValue: $0)?.rawValue }
        case .mindfulSession, .irregularHeartRhythmEvent:
            return text == "HKCategoryValueNotApplicable" || text.isEmpty || text == "0" ? 0 : nil
        }
    }
}

/// A record's identity: owner, type, source, start, end and value, hashed (SHA-256) into the row id
/// and the sync identifier, so reading the same record again names the same row.
struct Identity {
    let digest: SHA256.Digest

    init(owner: UUID, type: String, source: SampleSource, start: Date, end: Date, value: Double) {
        var hasher = SHA256()
        withUnsafeBytes(of: owner.uuid) { hasher.update(bufferPointer: $0) }
        hasher.update(data: Data("\(type)\u{1F}\(source.name)\u{1F}\(source.kind.rawValue)\u{1F}".utf8))
        withUnsafeBytes(of: start.timeIntervalSince1970.bitPattern.bigEndian) { hasher.update(bufferPointer: $0) }
        withUnsafeBytes(of: end.timeIntervalSince1970.bitPattern.bigEndian) { hasher.update(bufferPointer: $0) }
        withUnsafeBytes(of: value.bitPattern.bigEndian) { hasher.update(bufferPointer: $0) }
        digest = hasher.finalize()
    }

    /// A version 8 (RFC 9562, custom) UUID from the first 16 bytes.
    var rowID: UUID {
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    var syncIdentifier: String { "ah:" + Data(digest.prefix(16)).base64URLEncoded }
}

@inline(__always)
private func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    bytes.count == literal.utf8CodeUnitCount && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
}
