import Foundation
import ZIPFoundation

/// Writes Apple Health exports as the Health app does — the DTD, `ExportDate`, `Me`, records with
/// metadata, heart-rate variability with its beat list, sleep stages, workouts with statistics,
/// activity summaries, a blood-pressure correlation — in mixed units, from several sources, with
/// the UTC offsets of a traveller, and, when asked, a malformed record. It counts what it wrote, so
/// a test can hold the importer to the exact numbers.
public struct AppleHealthExportWriter {
    /// Records written per type as Thrive names them ("HeartRate", "SleepAnalysis", "Workout").
    public private(set) var expected: [String: Int] = [:]
    /// Types Thrive does not use, per name.
    public private(set) var notUsed: [String: Int] = [:]
    /// Records written to be refused (a value that is not a number, a heart rate of 400).
    public private(set) var refused = 0
    public let days: Int
    public let heartRatePerDay: Int
    public let start: Date

    /// `days` from `start` (a UTC midnight), `heartRatePerDay` heart-rate readings each day.
    public init(days: Int, heartRatePerDay: Int = 24, start: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
        self.days = days
        self.heartRatePerDay = heartRatePerDay
        self.start = start
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT ExportDate EMPTY>
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        >
        <!ELEMENT Me EMPTY>
        <!ATTLIST Me
          HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
          HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          sourceVersion CDATA #IMPLIED
          device        CDATA #IMPLIED
          creationDate  CDATA #IMPLIED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        <!ELEMENT MetadataEntry EMPTY>
        <!ATTLIST MetadataEntry
          key   CDATA #REQUIRED
          value CDATA #REQUIRED
        >
        <!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
        <!ELEMENT InstantaneousBeatsPerMinute EMPTY>
        <!ATTLIST InstantaneousBeatsPerMinute
          bpm  CDATA #REQUIRED
          time CDATA #REQUIRED
        >
        <!ELEMENT Correlation ((MetadataEntry|Record)*)>
        <!ATTLIST Correlation
          type          CDATA #REQUIRED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutStatistics|WorkoutRoute)*)>
        <!ATTLIST Workout
          workoutActivityType   CDATA #REQUIRED
          duration              CDATA #IMPLIED
          durationUnit          CDATA #IMPLIED
          sourceName            CDATA #REQUIRED
          device                CDATA #IMPLIED
          startDate             CDATA #REQUIRED
          endDate               CDATA #REQUIRED
        >
        <!ELEMENT WorkoutStatistics EMPTY>
        <!ATTLIST WorkoutStatistics
          type          CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
          sum           CDATA #IMPLIED
          unit          CDATA #IMPLIED
        >
        <!ELEMENT ActivitySummary EMPTY>
        <!ATTLIST ActivitySummary
          dateComponents           CDATA #IMPLIED
          activeEnergyBurned       CDATA #IMPLIED
        >
        ]>
        <HealthData locale="en_GB">
         <ExportDate value="2026-11-20 09:00:00 +0000"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-03-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>

        """

    static let watch =
        #"device="&lt;&lt;HKDevice: 0x283a1c0f0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.0&gt;""#

    /// The export's XML. Each day's records carry the offset of where the person was: London in
    /// winter (+0000), New York for the second week (-0500), Tokyo for the third (+0900).
    public mutating func xml(malformed: Bool = false) -> String {
        var text = Self.header
        text.reserveCapacity(days * (heartRatePerDay + 20) * 330)
        let offsets = [0, -5 * 3_600, 9 * 3_600]
        for day in 0..<days {
            let offset = offsets[(day / 7) % offsets.count]
            let midnight = start.addingTimeInterval(TimeInterval(day * 86_400))
            // Wall-clock times of the place: 07:00 in New York is 12:00 UTC.
            func stamp(_ seconds: Int) -> String {
                Self.format(midnight.addingTimeInterval(TimeInterval(seconds - offset)), offset)
            }
            func record(
                _ type: String, _ unit: String?, _ value: String, _ source: String, device: Bool = false, at seconds: Int,
                length: Int = 0, children: String = ""
            ) -> String {
                let unitText = unit.map { #" unit="\#($0)""# } ?? ""
                let open =
                    #" <Record type="\#(type)" sourceName="\#(source)" sourceVersion="10.0"\#(device ? " " + Self.watch : "")\#(unitText) creationDate="\#(stamp(seconds + length))" startDate="\#(stamp(seconds))" endDate="\#(stamp(seconds + length))" value="\#(value)""#
                return children.isEmpty ? open + "/>\n" : open + ">\n" + children + " </Record>\n"
            }
            for reading in 0..<heartRatePerDay {
                let seconds = reading * (86_400 / max(heartRatePerDay, 1))
                let motion = #"  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>"# + "\n"
                text += record(
                    "HKQuantityTypeIdentifierHeartRate", "count/min", "\(58 + (reading * 7 + day) % 40)", "Alex’s Apple Watch",
                    device: true, at: seconds, children: motion)
            }
            count("HeartRate", heartRatePerDay)
            // Steps from the phone and the watch, hour by hour in the day.
            for hour in 8..<20 {
                text += record(
                    "HKQuantityTypeIdentifierStepCount", "count", "\(400 + hour * 13)", "Alex’s iPhone", at: hour * 3_600,
                    length: 3_600)
            }
            count("StepCount", 12)
            text += record(
                "HKQuantityTypeIdentifierRestingHeartRate", "count/min", "\(52 + day % 5)", "Alex’s Apple Watch", device: true,
                at: 7 * 3_600)
            text += record(
                "HKQuantityTypeIdentifierOxygenSaturation", "%", "0.9\(6 + day % 3)", "Alex’s Apple Watch", device: true,
                at: 3 * 3_600)
            text += record(
                "HKQuantityTypeIdentifierActiveEnergyBurned", day % 2 == 0 ? "kcal" : "kJ", day % 2 == 0 ? "412.5" : "1725.9",
                "Alex’s Apple Watch", device: true, at: 18 * 3_600, length: 1_800)
            text += record(
                "HKQuantityTypeIdentifierDistanceWalkingRunning", day % 3 == 0 ? "mi" : "km", day % 3 == 0 ? "2.1" : "3.4",
                "Alex’s iPhone", at: 12 * 3_600, length: 3_600)
            let beats = (0..<3).map { #"   <InstantaneousBeatsPerMinute bpm="\#(60 + $0)" time="7:0\#($0):00.00 AM"/>"# }
                .joined(separator: "\n")
            text += record(
                "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", "\(38 + day % 9).5", "Alex’s Apple Watch",
                device: true, at: 7 * 3_600 + 60, length: 60,
                children: "  <HeartRateVariabilityMetadataList>\n\(beats)\n  </HeartRateVariabilityMetadataList>\n")
            count("RestingHeartRate", 1)
            count("OxygenSaturation", 1)
            count("ActiveEnergyBurned", 1)
            count("DistanceWalkingRunning", 1)
            count("HeartRateVariabilitySDNN", 1)
            // A weigh-in typed by hand in pounds, every fourth day.
            if day % 4 == 0 {
                text += record(
                    "HKQuantityTypeIdentifierBodyMass", "lb", "154.3", "Health", at: 7 * 3_600 + 300,
                    children: #"  <MetadataEntry key="HKWasUserEntered" value="1"/>"# + "\n")
                count("BodyMass", 1)
            }
            // Last night's sleep in stages, from the watch.
            let stages = [
                ("HKCategoryValueSleepAnalysisInBed", -3_600, 28_800), ("HKCategoryValueSleepAnalysisAsleepCore", -3_000, 7_200),
                ("HKCategoryValueSleepAnalysisAsleepDeep", 4_200, 3_600), ("HKCategoryValueSleepAnalysisAsleepREM", 7_800, 5_400),
                ("HKCategoryValueSleepAnalysisAwake", 13_200, 600), ("HKCategoryValueSleepAnalysisAsleepCore", 13_800, 10_800),
            ]
            for (stage, from, length) in stages {
                text += record(
                    "HKCategoryTypeIdentifierSleepAnalysis", nil, stage, "Alex’s Apple Watch", device: true, at: from,
                    length: length)
            }
            count("SleepAnalysis", stages.count)
            text += record(
                "HKCategoryTypeIdentifierMindfulSession", nil, "HKCategoryValueNotApplicable", "Breathe", at: 21 * 3_600,
                length: 300)
            count("MindfulSession", 1)
            // Types Thrive does not use: counted, reported, not stored.
            text += record("HKQuantityTypeIdentifierFlightsClimbed", "count", "4", "Alex’s iPhone", at: 13 * 3_600)
            notUsed["FlightsClimbed", default: 0] += 1
            text += record(
                "HKQuantityTypeIdentifierEnvironmentalAudioExposure", "dBASPL", "62.1", "Alex’s Apple Watch", device: true,
                at: 14 * 3_600)
            notUsed["EnvironmentalAudioExposure", default: 0] += 1
            // A blood-pressure reading: the correlation repeats its two records.
            let pressure =
                record("HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg", "118", "Omron", at: 8 * 3_600)
                + record("HKQuantityTypeIdentifierBloodPressureDiastolic", "mmHg", "76", "Omron", at: 8 * 3_600)
            text +=
                #" <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="\#(stamp(8 * 3_600))" endDate="\#(stamp(8 * 3_600))">"#
                + "\n" + pressure + " </Correlation>\n" + pressure
            notUsed["BloodPressureSystolic", default: 0] += 1
            notUsed["BloodPressureDiastolic", default: 0] += 1
            // A run every third day, its energy and distance as statistics.
            if day % 3 == 0 {
                text +=
                    #" <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Alex’s Apple Watch" \#(Self.watch) startDate="\#(stamp(17 * 3_600))" endDate="\#(stamp(17 * 3_600 + 1_800))">"#
                    + "\n"
                    + #"  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="\#(stamp(17 * 3_600))" endDate="\#(stamp(17 * 3_600 + 1_800))" sum="310.2" unit="kcal"/>"#
                    + "\n"
                    + #"  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="\#(stamp(17 * 3_600))" endDate="\#(stamp(17 * 3_600 + 1_800))" sum="5.02" unit="km"/>"#
                    + "\n </Workout>\n"
                count("Workout", 1)
            }
            text +=
                #" <ActivitySummary dateComponents="\#(stamp(0).prefix(10))" activeEnergyBurned="412.5"/>"# + "\n"
            notUsed["ActivitySummary", default: 0] += 1
            if malformed && day == days / 2 {
                // Not a number, and a heart rate no heart beats at: refused, the rest imported.
                text += record("HKQuantityTypeIdentifierHeartRate", "count/min", "fast", "Alex’s Apple Watch", at: 100)
                text += record("HKQuantityTypeIdentifierHeartRate", "count/min", "400", "Alex’s Apple Watch", at: 200)
                refused += 2
            }
        }
        return text + "</HealthData>\n"
    }

    private mutating func count(_ type: String, _ records: Int) { expected[type, default: 0] += records }

    /// The same XML in a ZIP laid out as the Health app lays it out, with the clinical document.
    public mutating func zip(to url: URL, malformed: Bool = false) throws {
        let xml = Data(xml(malformed: malformed).utf8)
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(xml.count),
            compressionMethod: .deflate
        ) { position, size in xml.subdata(in: Int(position)..<Int(position) + size) }
        let cda = Data("<ClinicalDocument/>".utf8)
        try archive.addEntry(
            with: "apple_health_export/export_cda.xml", type: .file, uncompressedSize: Int64(cda.count),
            compressionMethod: .deflate
        ) { position, size in cda.subdata(in: Int(position)..<Int(position) + size) }
    }

    static func format(_ date: Date, _ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let zone = String(format: "%02d%02d", abs(offset) / 3_600, abs(offset) % 3_600 / 60)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
            parts.second!) + (offset < 0 ? "-" : "+") + zone
    }
}
