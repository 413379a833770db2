import Foundation

/// A workout the day plan placed, with the hours it spans (for heart rate and energy).
struct DemoSession {
    let start: Double
    let end: Double
    let activity: WorkoutActivityType
    let energy: Double
    let distanceKilometres: Double?
}

struct DemoLift {
    let exercise: String
    let baseLoad: Double
    let targetReps: Int
    /// Lower-body lifts progress at 8 reps, upper-body at 10–12 (spec 004, section 8).
    let isLowerBody: Bool

    static let mondayFriday = [
        DemoLift(exercise: "Back squat", baseLoad: 50, targetReps: 8, isLowerBody: true),
        DemoLift(exercise: "Bench press", baseLoad: 32.5, targetReps: 10, isLowerBody: false),
        DemoLift(exercise: "Barbell row", baseLoad: 35, targetReps: 10, isLowerBody: false),
    ]
    static let wednesday = [
        DemoLift(exercise: "Deadlift", baseLoad: 60, targetReps: 8, isLowerBody: true),
        DemoLift(exercise: "Overhead press", baseLoad: 22.5, targetReps: 10, isLowerBody: false),
        DemoLift(exercise: "Lat pulldown", baseLoad: 35, targetReps: 12, isLowerBody: false),
        DemoLift(exercise: "Dumbbell curl", baseLoad: 8, targetReps: 12, isLowerBody: false),
    ]
}

extension DemoDayContext {
    mutating func addWorkout(plan: DemoDayPlan, restingHeartRate: Double) -> DemoSession? {
        guard plan.watchWorn, !plan.sick else { return nil }
        let bodyWeight = generator.weightTrend(at: index)
        let session: DemoSession?
        var sets: [WorkoutSet] = []
        if plan.onHoliday || plan.hikes {
            guard random.chance(plan.hikes ? 1 : 0.6) else { return nil }
            let kilometres = plan.hikes ? random.uniform(14...18) : random.uniform(6...9)
            let start = 10 + random.uniform(0...0.5)
            let end = start + kilometres / 4.2
            session = DemoSession(
                start: start, end: end, activity: .walking, energy: kilometres * 50 * bodyWeight / 70,
                distanceKilometres: kilometres)
        } else {
            switch plan.weekday {
            case 2, 4, 6:
                guard !random.chance(0.15) else { return nil }
                let start = min(max(18 + random.normal(mean: 0, deviation: 0.3), 17.25), 19)
                let end = start + random.uniform(0.92...1.08)
                let lifts = plan.weekday == 4 ? DemoLift.wednesday : DemoLift.mondayFriday
                sets = makeSets(lifts)
                session = DemoSession(
                    start: start, end: end, activity: .traditionalStrengthTraining,
                    energy: (end - start) * 60 * 6 * bodyWeight / 70, distanceKilometres: nil)
            case 7:
                guard !random.chance(0.1) else { return nil }
                let lastSaturday = date.adding(days: 7).month != date.month
                let kilometres = lastSaturday ? 12 : random.uniform(5...8)
                let pace = 6.2 - 0.5 * progress + random.normal(mean: 0, deviation: 0.1)
                let start = 9 + random.uniform(0...0.4)
                session = DemoSession(
                    start: start, end: start + kilometres * pace / 60, activity: .running,
                    energy: kilometres * 62 * bodyWeight / 70, distanceKilometres: kilometres)
            case 1:
                guard random.chance(0.3) else { return nil }
                session = DemoSession(start: 10, end: 10.5, activity: .yoga, energy: 90, distanceKilometres: nil)
            default:
                return nil
            }
        }
        guard let session else { return nil }
        day.records.workouts.append(
            Workout(
                id: generator.ids.make(), activityType: session.activity, start: at(session.start), end: at(session.end),
                activeEnergyKilocalories: session.energy.rounded(),
                distance: session.distanceKilometres.map { Length(metres: ($0 * 1_000).rounded()) },
                sets: sets, source: DemoDataGenerator.watch, sync: stamp("w")))
        if generator.scale == .standard { addWorkoutHeartRate(session, restingHeartRate: restingHeartRate) }
        return session
    }

    /// A warm-up set on the first lift, then three working sets per lift; the load grows with the
    /// weeks and the last set sometimes falls a rep short.
    private mutating func makeSets(_ lifts: [DemoLift]) -> [WorkoutSet] {
        var sets: [WorkoutSet] = []
        let growth = 1 + 0.3 * progress
        for (position, lift) in lifts.enumerated() {
            let load = (lift.baseLoad * growth / 2.5).rounded() * 2.5
            if position == 0 {
                sets.append(
                    WorkoutSet(exercise: lift.exercise, reps: 10, load: Mass(kilograms: (load / 5).rounded() * 2.5), rpe: 4))
            }
            for set in 0..<3 {
                var reps = lift.targetReps + (set == 0 ? 1 : 0)
                if set == 2, random.chance(0.3) { reps -= 1 }
                sets.append(WorkoutSet(exercise: lift.exercise, reps: reps, load: Mass(kilograms: load), rpe: Double(7 + set)))
            }
        }
        return sets
    }

    func workoutHeartRate(_ session: DemoSession, minute: Int, restingHeartRate: Double, noise: Double) -> Double {
        let m = Double(minute)
        let value: Double
        switch session.activity {
        case .running: value = min(restingHeartRate + 30 + m * 4, 146) + noise * 4
        case .traditionalStrengthTraining: value = restingHeartRate + 40 + 25 * abs(sin(m * 0.45)) + noise * 5
        case .walking: value = restingHeartRate + 35 + noise * 6
        default: value = restingHeartRate + 22 + noise * 4
        }
        return value.rounded()
    }

    private mutating func addWorkoutHeartRate(_ session: DemoSession, restingHeartRate: Double) {
        let minutes = Int((session.end - session.start) * 60)
        // A rare strap glitch or sprint finish: one reading above 170 bpm on a run.
        let spikeMinute = session.activity == .running && random.chance(0.04) ? minutes - 2 : -1
        for minute in 0..<max(minutes, 0) {
            var bpm = workoutHeartRate(
                session, minute: minute, restingHeartRate: restingHeartRate, noise: random.normal(mean: 0, deviation: 1))
            if minute == spikeMinute { bpm = 174 }
            let time = at(session.start + Double(minute) / 60)
            quantity(.heartRate, bpm, from: time, to: time, source: DemoDataGenerator.watch)
        }
    }
}
