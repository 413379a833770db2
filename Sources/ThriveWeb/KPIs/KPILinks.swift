import ThriveCore

/// Where a KPI card and its quick actions lead (spec 004, §9: each card opens its detail view and
/// offers its quick actions), for the dashboard's links and the API's `href`s alike.
enum KPILinks {
    /// The card's detail view.
    static func href(_ kind: KPICard.Kind) -> String {
        switch kind {
        case .workoutsThisWeek: "/pillars/fitness/workouts"
        case .protein, .caloriesRemaining: "/pillars/nutrition/meals"
        case .sleepLastNight: "/pillars/fitness/sleep"
        case .weeklyAdherence: "/pillars/fitness/plan"
        }
    }

    /// A quick action's page: starting a workout opens the form with the week's next planned session.
    static func href(action id: String) -> String {
        switch id {
        case "startWorkout": "/pillars/fitness/workouts/new?session=next"
        case "recommendedWorkouts", "todaysPlan": "/pillars/fitness/plan"
        case "logMeal": "/pillars/nutrition/meals/add"
        case "proteinBreakdown", "breakdown": "/pillars/nutrition/meals#totals-title"
        case "sleepDetails": "/pillars/fitness/sleep"
        default: "/"
        }
    }
}
