import Foundation

/// Builds one ``DemoDay``. Hours are local wall-clock hours relative to the day's midnight
/// (negative hours fall on the evening before).
struct DemoDayContext {
    let generator: DemoDataGenerator
    let index: Int
    let date: LocalDate
    var random: SeededRandom
    private let utcMidnight: Date
    private let utcOffset: TimeInterval
    var day: DemoDay
    private var serial = 0

    init(generator: DemoDataGenerator, index: Int) {
        self.generator = generator
        self.index = index
        date = generator.firstDay.adding(days: index)
        random = SeededRandom(seed: generator.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        utcMidnight = date.start(in: TimeZone(identifier: "UTC")!)
        utcOffset = TimeInterval(generator.timeZone.secondsFromGMT(for: utcMidnight.addingTimeInterval(12 * 3_600)))
        day = DemoDay(date: date)
    }

    var progress: Double { generator.progress(index) }

    func at(_ hours: Double) -> Date {
        utcMidnight.addingTimeInterval(hours * 3_600 - utcOffset)
    }

    mutating func make() -> DemoDay {
        let plan = makePlan()
        let restingHeartRate = (65 - 4 * progress + (plan.sick ? 9 : 0) + random.normal(mean: 0, deviation: 1.5)).rounded()
        let sleep = addSleep(plan: plan, restingHeartRate: restingHeartRate)
        addWeighIn(plan: plan)
        let workout = addWorkout(plan: plan, restingHeartRate: restingHeartRate)
        addActivity(plan: plan, wake: sleep.wake, workout: workout, restingHeartRate: restingHeartRate)
        addVitals(plan: plan, wake: sleep.wake, sleep: sleep, restingHeartRate: restingHeartRate)
        addMeals(plan: plan)
        addMindfulness(plan: plan)
        addCheckIn(plan: plan, sleepHours: sleep.asleepHours, workedOut: workout != nil)
        if let limit = generator.notAfter { day.records.removeAll(startingAfter: limit) }
        return day
    }

    // MARK: - Plan

    private mutating func makePlan() -> DemoDayPlan {
        let dayOfYear = index % 365
        let sick = (110..<114).contains(dayOfYear)
        let holiday = (220..<228).contains(dayOfYear)
        let weekday = date.weekday
        var plan = DemoDayPlan(
            watchWorn: !random.chance(0.03),
            sick: sick,
            onHoliday: holiday,
            logsMeals: !random.chance(0.08),
            checksIn: random.chance(0.82),
            hikes: false,
            weekday: weekday
        )
        if holiday {
            plan.watchWorn = plan.watchWorn && !random.chance(0.3)
            plan.logsMeals = plan.logsMeals && random.chance(0.35)
            plan.hikes = random.chance(0.4)
        } else {
            plan.hikes = plan.isWeekend && random.chance(0.02)
        }
        return plan
    }

    // MARK: - Records

    mutating func stamp(_ kind: String) -> SyncStamp {
        serial += 1
        return SyncStamp(identifier: "demo-\(date.iso8601)-\(kind)-\(serial)")
    }

    mutating func quantity(_ type: QuantityType, _ value: Double, from start: Date, to end: Date, source: SampleSource) {
        day.records.quantitySamples.append(
            QuantitySample(
                id: generator.ids.make(), type: type, value: value, start: start, end: end, source: source,
                sync: stamp("q")))
    }

    mutating func category(_ type: CategoryType, _ value: Int, from start: Date, to end: Date) {
        day.records.categorySamples.append(
            CategorySample(
                id: generator.ids.make(), type: type, value: value, start: start, end: end,
                source: DemoDataGenerator.watch, sync: stamp("c")))
    }

    // MARK: - Sleep (the night that ends this morning)

    struct Sleep {
        var bed: Double
        var wake: Double
        var asleepHours: Double
        var recorded: Bool
    }

    private mutating func addSleep(plan: DemoDayPlan, restingHeartRate: Double) -> Sleep {
        // Friday and Saturday nights run late; those mornings are Saturday and Sunday.
        let lateNight = plan.isWeekend
        var bed = (lateNight ? 0.25 : -1.0) + random.normal(mean: 0, deviation: 0.4)
        var wake = (lateNight ? 8.3 : 6.75) + random.normal(mean: 0, deviation: 0.25)
        if plan.sick { wake += 1 }
        if random.chance(0.05) { wake = min(wake, 5.0 + random.uniform(0...0.5)) }
        if plan.onHoliday {
            bed += 0.5
            wake += 1
        }
        guard plan.watchWorn else { return Sleep(bed: bed, wake: wake, asleepHours: wake - bed - 0.5, recorded: false) }

        category(.sleepAnalysis, SleepStage.inBed.rawValue, from: at(bed), to: at(wake))
        var t = bed + random.uniform(0.1...0.35)
        var cycle = 0
        var asleep = 0.0
        while t < wake - 0.1 {
            let end = min(t + min(max(random.normal(mean: 1.5, deviation: 0.15), 1.1), 1.9), wake)
            let length = end - t
            let deep = length * max(0.25 - 0.07 * Double(cycle), 0.02)
            let rem = length * min(0.12 + 0.05 * Double(cycle), 0.35)
            let core = (length - deep - rem) / 2
            for (stage, hours) in [(SleepStage.asleepCore, core), (.asleepDeep, deep), (.asleepCore, core), (.asleepREM, rem)]
            where hours > 0.01 {
                category(.sleepAnalysis, stage.rawValue, from: at(t), to: at(t + hours))
                t += hours
                asleep += hours
            }
            t = end
            if t < wake - 0.2, random.chance(0.3) {
                let awake = random.uniform(0.03...0.08)
                category(.sleepAnalysis, SleepStage.awake.rawValue, from: at(t), to: at(t + awake))
                t += awake
            }
            cycle += 1
        }
        if generator.scale == .standard {
            var h = bed
            while h < wake {
                let bpm = (restingHeartRate - 4 + random.normal(mean: 0, deviation: 2)).rounded()
                quantity(.heartRate, bpm, from: at(h), to: at(h), source: DemoDataGenerator.watch)
                h += 0.5
            }
        }
        return Sleep(bed: bed, wake: wake, asleepHours: asleep, recorded: true)
    }

    // MARK: - Body

    private mutating func addWeighIn(plan: DemoDayPlan) {
        guard !plan.onHoliday, random.chance(0.72) else { return }
        let time = at(7.1 + random.uniform(0...0.3))
        let kilograms = (generator.weightTrend(at: index) + random.normal(mean: 0, deviation: 0.35) - (plan.sick ? 0.5 : 0))
        quantity(.bodyMass, (kilograms * 10).rounded() / 10, from: time, to: time, source: DemoDataGenerator.scaleDevice)
        if plan.weekday == 2 {
            let fat = 0.31 - 0.035 * progress + random.normal(mean: 0, deviation: 0.004)
            quantity(
                .bodyFatPercentage, (fat * 1000).rounded() / 1000, from: time, to: time, source: DemoDataGenerator.scaleDevice)
        }
    }

    // MARK: - Vitals

    private mutating func addVitals(plan: DemoDayPlan, wake: Double, sleep: Sleep, restingHeartRate: Double) {
        guard plan.watchWorn else { return }
        let morning = at(wake + 0.1)
        let resting = random.chance(0.005) ? 52 : restingHeartRate
        quantity(.restingHeartRate, resting, from: at(0), to: morning, source: DemoDataGenerator.watch)
        let hrv = min(max(42 + 10 * progress - (plan.sick ? 12 : 0) + random.normal(mean: 0, deviation: 6), 15), 120)
        quantity(.heartRateVariabilitySDNN, hrv.rounded(), from: morning, to: morning, source: DemoDataGenerator.watch)
        for reading in 0..<3 {
            let hour = sleep.bed + (sleep.wake - sleep.bed) * (Double(reading) + 0.5) / 3
            var saturation = min(max(random.normal(mean: 0.966, deviation: 0.008), 0.9), 1)
            if random.chance(0.01) { saturation = 0.93 }
            quantity(
                .oxygenSaturation, (saturation * 100).rounded() / 100, from: at(hour), to: at(hour),
                source: DemoDataGenerator.watch)
        }
        let breaths = 14.5 + (plan.sick ? 1.5 : 0) + random.normal(mean: 0, deviation: 0.6)
        quantity(
            .respiratoryRate, (breaths * 10).rounded() / 10, from: at(sleep.bed), to: at(sleep.wake),
            source: DemoDataGenerator.watch)
    }
}
