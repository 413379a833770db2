/// Meals the demo person eats, with macros per usual portion. Energy is derived from the macros
/// with Atwater factors (4/4/9 kcal per gram) so entries stay self-consistent.
struct DemoMeal {
    let name: String
    let grams: Double
    let protein: Double
    let carbohydrate: Double
    let fat: Double

    static let breakfasts = [
        DemoMeal(name: "Oat porridge with banana and honey", grams: 320, protein: 12, carbohydrate: 68, fat: 8),
        DemoMeal(name: "Greek yogurt with berries and granola", grams: 250, protein: 20, carbohydrate: 40, fat: 9),
        DemoMeal(name: "Scrambled eggs on wholegrain toast", grams: 230, protein: 24, carbohydrate: 30, fat: 22),
        DemoMeal(name: "Avocado toast with a poached egg", grams: 200, protein: 15, carbohydrate: 32, fat: 22),
    ]
    static let lunches = [
        DemoMeal(name: "Chicken and quinoa salad", grams: 380, protein: 38, carbohydrate: 45, fat: 18),
        DemoMeal(name: "Lentil soup with rye bread", grams: 450, protein: 22, carbohydrate: 70, fat: 9),
        DemoMeal(name: "Tuna sandwich on wholemeal bread", grams: 250, protein: 30, carbohydrate: 48, fat: 16),
        DemoMeal(name: "Falafel wrap with hummus", grams: 320, protein: 19, carbohydrate: 72, fat: 26),
        DemoMeal(name: "Chili con carne with rice", grams: 400, protein: 32, carbohydrate: 62, fat: 16),
    ]
    static let dinners = [
        DemoMeal(name: "Salmon with roast potatoes and broccoli", grams: 450, protein: 40, carbohydrate: 48, fat: 26),
        DemoMeal(name: "Tofu stir-fry with rice noodles", grams: 420, protein: 24, carbohydrate: 70, fat: 16),
        DemoMeal(name: "Spaghetti bolognese", grams: 450, protein: 34, carbohydrate: 82, fat: 20),
        DemoMeal(name: "Chicken curry with basmati rice", grams: 450, protein: 38, carbohydrate: 70, fat: 20),
        DemoMeal(name: "Vegetable omelette with green salad", grams: 300, protein: 26, carbohydrate: 10, fat: 28),
        DemoMeal(name: "Homemade pizza, two slices", grams: 300, protein: 30, carbohydrate: 80, fat: 28),
    ]
    static let treat = DemoMeal(name: "Burger and fries", grams: 450, protein: 40, carbohydrate: 100, fat: 55)
    static let snacks = [
        DemoMeal(name: "Apple with peanut butter", grams: 180, protein: 7, carbohydrate: 28, fat: 16),
        DemoMeal(name: "Protein shake", grams: 330, protein: 30, carbohydrate: 5, fat: 2),
        DemoMeal(name: "Handful of almonds", grams: 30, protein: 6, carbohydrate: 6, fat: 15),
        DemoMeal(name: "Banana", grams: 118, protein: 1.3, carbohydrate: 27, fat: 0.4),
        DemoMeal(name: "Dark chocolate, two squares", grams: 20, protein: 1.5, carbohydrate: 9, fat: 8),
    ]

    static let moodNotes = [
        "Good run this morning, felt strong.",
        "Long day at work, a bit drained.",
        "Slept badly, coffee helped.",
        "Dinner with friends, lovely evening.",
        "Legs sore after squats.",
        "Calm day, read a book.",
        "Stressful meeting, went for a walk after.",
    ]
}
