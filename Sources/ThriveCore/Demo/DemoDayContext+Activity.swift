import Foundation

extension DemoDayContext {
    /// Hourly steps, distance and active energy from the watch (and the phone, which sees fewer steps
    /// because it is not always carried), exercise minutes, and background heart rate.
    mutating func addActivity(plan: DemoDayPlan, wake: Double, workout: DemoSession?, restingHeartRate: Double) {
        let bodyWeight = generator.weightTrend(at: index)
        var total: Double
        switch plan.weekday {
        case 7: total = 11_000
        case 1: total = 6_500
        default: total = 8_200
        }
        if plan.onHoliday { total = 12_000 }
        if plan.sick { total = 2_500 }
        total += random.normal(mean: 0, deviation: 1_800)
        if let workout, let kilometres = workout.distanceKilometres { total += kilometres * 1_350 }
        total = max(total, 800)

        let firstHour = Int(wake.rounded(.up))
        let hours = Array(firstHour..<23)
        var weights: [Double] = hours.map { hour in
            var weight = 1 + random.uniform(0...0.5)
            if !plan.isWeekend, [8, 12, 17, 18].contains(hour) { weight += 1.5 }
            if plan.isWeekend, (10...15).contains(hour) { weight += 1 }
            if let workout, Double(hour) + 1 > workout.start, Double(hour) < workout.end, workout.distanceKilometres != nil {
                weight += 6
            }
            return weight
        }
        let sum = weights.reduce(0, +)
        weights = weights.map { $0 / sum }

        for (hour, share) in zip(hours, weights) {
            let steps = (total * share).rounded()
            let start = at(Double(hour))
            let end = at(Double(hour) + 1)
            var energy = steps * 0.042 * bodyWeight / 70
            if let workout {
                let overlap = max(0, min(workout.end, Double(hour + 1)) - max(workout.start, Double(hour)))
                energy += workout.energy * overlap / (workout.end - workout.start)
            }
            if plan.watchWorn {
                quantity(.stepCount, steps, from: start, to: end, source: DemoDataGenerator.watch)
                quantity(.distanceWalkingRunning, (steps * 0.72).rounded(), from: start, to: end, source: DemoDataGenerator.watch)
                quantity(.activeEnergyBurned, energy.rounded(), from: start, to: end, source: DemoDataGenerator.watch)
            }
            if random.chance(plan.watchWorn ? 0.8 : 0.9) {
                let carried = (steps * random.uniform(0.6...0.9)).rounded()
                quantity(.stepCount, carried, from: start, to: end, source: DemoDataGenerator.phone)
            }
        }

        guard plan.watchWorn else { return }
        if let workout {
            let minutes = ((workout.end - workout.start) * 60).rounded()
            quantity(.appleExerciseTime, minutes, from: at(workout.start), to: at(workout.end), source: DemoDataGenerator.watch)
        }
        switch generator.scale {
        case .standard:
            addBackgroundHeartRate(from: wake, to: 23, every: 10, workout: workout, restingHeartRate: restingHeartRate)
        case .heavy: addMinuteHeartRate(wake: wake, workout: workout, restingHeartRate: restingHeartRate)
        }
    }

    private func awakeHeartRate(hour: Double, restingHeartRate: Double, noise: Double) -> Double {
        let activity = (9...19).contains(hour) ? 14.0 : 8.0
        return (restingHeartRate + activity + noise).rounded()
    }

    private mutating func addBackgroundHeartRate(
        from wake: Double, to bed: Double, every minutes: Double, workout: DemoSession?, restingHeartRate: Double
    ) {
        var hour = wake
        while hour < bed {
            if let workout, hour >= workout.start, hour < workout.end {
                hour = workout.end
                continue
            }
            let bpm = awakeHeartRate(hour: hour, restingHeartRate: restingHeartRate, noise: random.normal(mean: 0, deviation: 4))
            quantity(.heartRate, bpm, from: at(hour), to: at(hour), source: DemoDataGenerator.watch)
            hour += minutes / 60
        }
    }

    /// The heavy user's watch records every minute of the day, asleep or awake.
    private mutating func addMinuteHeartRate(wake: Double, workout: DemoSession?, restingHeartRate: Double) {
        for minute in 0..<1_440 {
            let hour = Double(minute) / 60
            let noise = random.normal(mean: 0, deviation: 1)
            let bpm: Double
            if let workout, hour >= workout.start, hour < workout.end {
                bpm = workoutHeartRate(
                    workout, minute: Int((hour - workout.start) * 60), restingHeartRate: restingHeartRate, noise: noise)
            } else if hour < wake || hour >= 23 {
                bpm = (restingHeartRate - 4 + noise * 2).rounded()
            } else {
                bpm = awakeHeartRate(hour: hour, restingHeartRate: restingHeartRate, noise: noise * 4)
            }
            let time = at(hour)
            quantity(.heartRate, bpm, from: time, to: time, source: DemoDataGenerator.watch)
        }
    }
}
