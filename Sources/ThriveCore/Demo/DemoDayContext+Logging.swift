import Foundation

extension DemoDayContext {
    /// Meals by slot, water by the glass: what the person typed in, on days they logged.
    mutating func addMeals(plan: DemoDayPlan) {
        guard plan.logsMeals else { return }
        let breakfastHour = plan.isWeekend ? 9.0 : 7.5
        var slots: [(MealSlot, Double, [DemoMeal], Double)] = [
            (.breakfast, breakfastHour, DemoMeal.breakfasts, 0.9),
            (.lunch, 12.6, DemoMeal.lunches, 0.95),
            (.dinner, 19.2, DemoMeal.dinners, 0.97),
            (.snack, 15.5, DemoMeal.snacks, 0.6),
        ]
        if plan.isWeekend, random.chance(0.12) { slots[2].2 = [DemoMeal.treat] }
        for (slot, hour, menu, likelihood) in slots where random.chance(likelihood) {
            let meal = menu[Int(random.unit() * Double(menu.count))]
            let portion = random.uniform(0.85...1.15) * (plan.onHoliday ? 1.2 : 1)
            let protein = (meal.protein * portion * 10).rounded() / 10
            let carbohydrate = (meal.carbohydrate * portion * 10).rounded() / 10
            let fat = (meal.fat * portion * 10).rounded() / 10
            day.records.foodLog.append(
                FoodLogEntry(
                    id: generator.ids.make(), consumedAt: at(hour + random.uniform(0...0.4)), meal: slot, name: meal.name,
                    grams: (meal.grams * portion).rounded(),
                    energyKilocalories: (4 * protein + 4 * carbohydrate + 9 * fat).rounded(),
                    proteinGrams: protein, carbohydrateGrams: carbohydrate, fatGrams: fat,
                    source: DemoDataGenerator.manual, sync: stamp("f")))
        }
        let glasses = Int(random.uniform(5...9))
        for glass in 0..<glasses {
            let time = at(8 + 13 * Double(glass) / Double(glasses))
            quantity(.dietaryWater, 0.25, from: time, to: time, source: DemoDataGenerator.manual)
        }
    }

    mutating func addMindfulness(plan: DemoDayPlan) {
        guard plan.watchWorn, !plan.sick, random.chance(0.35) else { return }
        let start = 7.25 + random.uniform(0...0.2)
        category(.mindfulSession, 0, from: at(start), to: at(start + 10.0 / 60))
    }

    /// An evening check-in whose mood follows sleep, training, illness and holidays.
    mutating func addCheckIn(plan: DemoDayPlan, sleepHours: Double, workedOut: Bool) {
        guard plan.checksIn else { return }
        func scale(_ value: Double) -> Int { min(max(Int(value.rounded()), 1), 5) }
        let relaxed = plan.isWeekend || plan.onHoliday
        let mood = scale(
            3.3 + 0.35 * (sleepHours - 7) + (workedOut ? 0.4 : 0) - (plan.sick ? 1.3 : 0) + (plan.onHoliday ? 0.6 : 0)
                + random.normal(mean: 0, deviation: 0.6))
        let energy = scale(3.1 + 0.4 * (sleepHours - 7) - (plan.sick ? 1.5 : 0) + random.normal(mean: 0, deviation: 0.6))
        let stress = scale((relaxed ? 1.9 : 2.9) + (sleepHours < 6 ? 0.6 : 0) + random.normal(mean: 0, deviation: 0.7))
        let note = random.chance(0.25) ? DemoMeal.moodNotes[Int(random.unit() * Double(DemoMeal.moodNotes.count))] : nil
        day.records.moodCheckIns.append(
            MoodCheckIn(
                id: generator.ids.make(), recordedAt: at(21 + random.normal(mean: 0, deviation: 0.5)), mood: mood,
                energy: energy, stress: stress, note: note, source: DemoDataGenerator.manual, sync: stamp("m")))
    }
}
