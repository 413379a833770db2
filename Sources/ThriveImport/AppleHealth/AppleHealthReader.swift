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
    /// What was read since the last ``take()``.
    private var batch = ExportBatch()
    private var parser: SAXPushParser!
    private let owner: UUID

    private var record: PendingRecord?
    private var workout: PendingWorkout?
    private var correlationDepth = 0

    // Names met so far, each resolved once (see ``ByteKeyed``).
    private var typeIndex = ByteKeyed<Int>()
    private var types: [RecordType] = []
    private var unitIndex = ByteKeyed<Int>()
    private var unitNames: [String] = []
    private var factors: [UnitKey: Double?] = [:]
    private var sourceIndex = ByteKeyed<Int>()
    private var sources: [(name: String, counted: Bool)] = []
    private var categoryValues = ByteKeyed<CategoryValue>()

    // The summary, kept as counters and put together when asked for.
    private var others = ImportSummary()
    private var first: Date?
    private var last: Date?
    /// Bytes of XML read so far.
    public private(set) var bytesRead = 0

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
        bytesRead += bytes.count
    }

    /// How many records are waiting in the current batch.
    public var waiting: Int { batch.count }

    /// The records read since the last call.
    public func take() -> ExportBatch {
        defer { batch = ExportBatch() }
        return batch
    }

    /// What the file held so far.
    public var summary: ImportSummary {
        var summary = others
        for type in types {
            if type.read > 0 { summary.read[type.name, default: 0] += type.read }
            if type.notUsed > 0 { summary.notUsed[type.name, default: 0] += type.notUsed }
            for (reason, count) in type.refused { summary.refused[reason, default: [:]][type.name, default: 0] += count }
        }
        summary.first = [first, others.first].compactMap { $0 }.min()
        summary.last = [last, others.last].compactMap { $0 }.max()
        summary.sources.formUnion(sources.filter(\.counted).map(\.name))
        summary.bytesRead = bytesRead
        return summary
    }

    // MARK: Elements

    private func started(_ name: UnsafePointer<UInt8>, _ attributes: SAXPushParser.Attributes) {
        if matches(name, "Record") {
            // A correlation (blood pressure) repeats records that stand on their own elsewhere.
            if correlationDepth == 0 { record = pendingRecord(attributes) }
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
            workout = PendingWorkout(attributes) { [unowned self] bytes in sources[source(bytes)].name }
        } else if matches(name, "WorkoutStatistics") {
            workout?.addStatistics(attributes)
        } else if matches(name, "Correlation") {
            correlationDepth += 1
        } else if matches(name, "ActivitySummary") {
            others.notUsed["ActivitySummary", default: 0] += 1
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

    /// A record type met in the file, and what came of its records.
    private struct RecordType {
        enum Kind {
            case quantity(QuantityType)
            case category(CategoryType)
            case notUsed
        }
        let kind: Kind
        /// Its name without HealthKit's prefix ("HeartRate").
        let name: String
        /// Its full identifier, hashed into each record's identity.
        let identifier: String
        var read = 0
        var notUsed = 0
        var refused: [ImportSummary.Refusal: Int] = [:]

        init(_ identifier: String) {
            self.identifier = identifier
            if let quantity = QuantityType(rawValue: identifier) {
                kind = .quantity(quantity)
            } else if let category = CategoryType(rawValue: identifier) ?? AppleHealthReader.categoryAliases[identifier] {
                kind = .category(category)
            } else {
                kind = .notUsed
            }
            var name = identifier
            for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKDataType", "HKCorrelationTypeIdentifier"]
            where identifier.hasPrefix(prefix) {
                name = String(identifier.dropFirst(prefix.count))
                break
            }
            if case .category(let category) = kind { name = category.shortName }
            self.name = name
        }
    }

    /// Older exports name the rhythm event as a data type rather than a category.
    static let categoryAliases = ["HKDataTypeIrregularHeartRhythmEvent": CategoryType.irregularHeartRhythmEvent]

    private struct UnitKey: Hashable {
        let unit: Int
        let canonical: HealthUnit
    }

    /// A category record's value as written ("HKCategoryValueSleepAnalysisAsleepCore").
    private enum CategoryValue {
        case sleep(SleepStage)
        case notApplicable
        case unknown
    }

    private func source(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        sourceIndex.value(bytes) { [unowned self] name in
            sources.append((name, false))
            return sources.count - 1
        }
    }

    private func pendingRecord(_ attributes: SAXPushParser.Attributes) -> PendingRecord {
        var pending = PendingRecord()
        var unit: UnsafeBufferPointer<UInt8>?
        var value: UnsafeBufferPointer<UInt8>?
        for index in 0..<attributes.count {
            let name = attributes.name(index)
            let bytes = attributes.value(index)
            switch name[0] {
            case 0x74 where matches(name, "type"):
                pending.type = typeIndex.value(bytes) { [unowned self] identifier in
                    types.append(RecordType(identifier))
                    return types.count - 1
                }
            case 0x73 where matches(name, "sourceName"): pending.source = source(bytes)
            case 0x75 where matches(name, "unit"): unit = bytes
            case 0x76 where matches(name, "value"): value = bytes
            case 0x73 where matches(name, "startDate"): pending.start = ExportDate.parse(bytes)
            case 0x65 where matches(name, "endDate"): pending.end = ExportDate.parse(bytes)
            case 0x64 where matches(name, "device"): pending.hasDevice = !bytes.isEmpty
            default: break
            }
        }
        guard let type = pending.type else { return pending }
        switch types[type].kind {
        case .notUsed: break
        case .quantity(let quantity):
            guard let value, let number = Self.number(value) else {
                pending.refusal = .badValue
                break
            }
            guard let factor = factor(unit, quantity.canonicalUnit) else {
                pending.refusal = .unknownUnit
                break
            }
            var converted = number * factor
            // Apple writes percentages as fractions; an app that wrote 97 for 97 % is read the same.
            if quantity.canonicalUnit == .fraction, converted > 1, converted <= 100 { converted /= 100 }
            pending.value = converted
        case .category(let category):
            let written = value.map { bytes in categoryValues.value(bytes, make: Self.categoryValue) } ?? .notApplicable
            switch (category, written) {
            case (.sleepAnalysis, .sleep(let stage)): pending.value = Double(stage.rawValue)
            case (.mindfulSession, .notApplicable), (.irregularHeartRhythmEvent, .notApplicable): pending.value = 0
            default: pending.refusal = .badValue
            }
        }
        return pending
    }

    private func factor(_ unit: UnsafeBufferPointer<UInt8>?, _ canonical: HealthUnit) -> Double? {
        guard let unit else { return nil }
        let index = unitIndex.value(unit) { [unowned self] name in
            unitNames.append(name)
            return unitNames.count - 1
        }
        let key = UnitKey(unit: index, canonical: canonical)
        if let known = factors[key] { return known }
        let factor = ExportUnit.factor(from: unitNames[index], to: canonical)
        factors[key] = factor
        return factor
    }

    private func add(_ pending: PendingRecord) {
        guard let index = pending.type else { return }
        let kind = types[index].kind
        if case .notUsed = kind {
            types[index].notUsed += 1
            return
        }
        if let refusal = pending.refusal {
            types[index].refused[refusal, default: 0] += 1
            return
        }
        guard let start = pending.start, let end = pending.end, end >= start else {
            types[index].refused[.badDate, default: 0] += 1
            return
        }
        guard let value = pending.value else { return }
        let source = SampleSource(
            name: sources[pending.source].name, kind: pending.userEntered ? .manual : pending.hasDevice ? .device : .app)
        switch kind {
        case .notUsed: return
        case .quantity(let type):
            guard value.isFinite, type.plausibleRange.contains(value) else {
                types[index].refused[.outOfRange, default: 0] += 1
                return
            }
            let identity = RecordIdentity(
                owner: owner, type: types[index].identifier, source: source, start: start, end: end, value: value)
            batch.quantities.append(
                QuantitySample(
                    id: SampleID(identity.rowID), type: type, value: value, start: start, end: end, source: source,
                    sync: SyncStamp(identifier: identity.syncIdentifier("ah:"))))
        case .category(let type):
            let identity = RecordIdentity(
                owner: owner, type: types[index].identifier, source: source, start: start, end: end, value: value)
            batch.categories.append(
                CategorySample(
                    id: CategorySampleID(identity.rowID), type: type, value: Int(value), start: start, end: end,
                    source: source, sync: SyncStamp(identifier: identity.syncIdentifier("ah:"))))
        }
        types[index].read += 1
        sources[pending.source].counted = true
        first = min(first ?? start, start)
        last = max(last ?? end, end)
    }

    private func add(_ pending: PendingWorkout) {
        guard let start = pending.start, let end = pending.end, end >= start else {
            others.refused[.badDate, default: [:]]["Workout", default: 0] += 1
            return
        }
        let source = pending.source
        let energy = pending.energy.flatMap { value, unit in ExportUnit.factor(from: unit, to: .kilocalorie).map { value * $0 } }
        let distance = pending.distance.flatMap { value, unit in ExportUnit.factor(from: unit, to: .metre).map { value * $0 } }
        let identity = RecordIdentity(
            owner: owner, type: "Workout:\(pending.activity.rawValue)", source: source, start: start, end: end, value: energy ?? 0
        )
        batch.workouts.append(
            Workout(
                id: WorkoutID(identity.rowID), activityType: pending.activity, start: start, end: end,
                activeEnergyKilocalories: energy, distance: distance.map { Length(metres: $0) }, source: source,
                sync: SyncStamp(identifier: identity.syncIdentifier("ah:"))))
        others.read["Workout", default: 0] += 1
        others.sources.insert(source.name)
        others.first = min(others.first ?? start, start)
        others.last = max(others.last ?? end, end)
    }

    /// A number as the export writes it ("72", "0.97", "1725.9"); nil for anything else.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text -> Double? in
            for index in 0..<bytes.count { text[index] = CChar(bitPattern: bytes[index]) }
            text[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &end)
            guard let end, end == text.baseAddress! + bytes.count, value.isFinite else { return nil }
            return value
        }
    }

    private static func categoryValue(_ text: String) -> CategoryValue {
        let stages: [String: SleepStage] = [
            "HKCategoryValueSleepAnalysisInBed": .inBed, "HKCategoryValueSleepAnalysisAsleep": .asleepUnspecified,
            "HKCategoryValueSleepAnalysisAsleepUnspecified": .asleepUnspecified, "HKCategoryValueSleepAnalysisAwake": .awake,
            "HKCategoryValueSleepAnalysisAsleepCore": .asleepCore, "HKCategoryValueSleepAnalysisAsleepDeep": .asleepDeep,
            "HKCategoryValueSleepAnalysisAsleepREM": .asleepREM,
        ]
        if let stage = stages[text] ?? Int(text).flatMap(SleepStage.init(rawValue:)) { return .sleep(stage) }
        if text == "HKCategoryValueNotApplicable" || text.isEmpty { return .notApplicable }
        return .unknown
    }
}

@inline(__always)
private func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    bytes.count == literal.utf8CodeUnitCount && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
}
