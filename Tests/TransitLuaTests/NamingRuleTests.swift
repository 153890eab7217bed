import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 22, item 1: one naming rule (docs/porting.md, "Hook names"), the former name of a renamed
// hook still called, and every other spelling a UIKit developer writes reported: on a hook as a
// problem with "did you mean", on a host method as an error naming the Lua form, and in an
// argument error as the Lua forms that take those arguments.

/// A root controller in the window, a presented controller and a custom presentation
/// controller class; `delegate` is set by each test.
private let presentationStage = """
    root = UIViewController.new{ backgroundColor = UIColor.white }
    transit.window.rootViewController = root
    transit.wait(0.05)
    Card = UIPresentationController:subclass("CardPresentationController")
    function Card:frameOfPresentedViewInContainerView()
      return self.containerView.bounds:insetBy(20, 80)
    end
    card = UIViewController.new{ backgroundColor = UIColor.red }
    card.modalPresentationStyle = "custom"

    """

@Suite struct NamingRuleTests {
    /// Every hook's Lua name is the rule's name for its Swift declaration, but for the listed
    /// older names; a renamed hook's former name is not, and its new name is.
    @Test func everyHookFollowsTheRuleButTheListedOlderNames() {
        let api = LuaRuntime.apiDescription
        let types = Set(api.classes.map(\.name) + api.protocols.map(\.name))
        let hooks = api.protocols.flatMap(\.hooks) + api.classes.flatMap(\.hooks)
        var exceptions = Set<String>()
        for hook in hooks {
            guard let swift = hook.swiftName else { Issue.record("\(hook.name) has no Swift declaration"); continue }
            let rule = SwiftSpellings.ruleName(swift, types: types)
            if let renamed = hook.renamedTo {
                #expect(rule == renamed && rule != hook.name, "\(hook.name): \(swift)")
            } else if rule != hook.name {
                exceptions.insert(hook.name)
            }
        }
        #expect(exceptions == SwiftSpellings.ruleExceptions, "\(exceptions.sorted())")
        #expect(SwiftSpellings.ruleName("presentationController(forPresented:presenting:source:)", types: types) == "presentationControllerForPresented")
        #expect(SwiftSpellings.ruleName("navigationController(_:willShow:animated:)", types: types) == "willShow")
        #expect(SwiftSpellings.ruleName("collectionView(_:layout:sizeForItemAt:)", types: types) == "sizeForItemAt")
        #expect(SwiftSpellings.ruleName("animationDidStop(_:finished:)", types: types) == "animationDidStop")
    }
}

@Suite struct RenamedHookTests {
    @Test func theRulesNameIsWhatTheEngineCalls() throws {
        let result = try runScene(presentationStage + """
            delegate = {}
            function delegate:presentationControllerForPresented(presented, presenting, source)
              return Card.new(presented, presenting)
            end
            card.transitioningDelegate = delegate
            root:present(card, false)
            transit.wait(0.1)
            """)
        #expect(try result.text("tostring(card.presentationController)") == "<CardPresentationController>")
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
        #expect(!result.warnings.contains { $0.contains("deprecated") }, "\(result.warnings)")
    }

    /// Shipped and users' scripts written with `presentationController` keep running: called,
    /// no problem (no exit 1), one deprecation warning for the run however often it is called.
    @Test func theFormerNameIsStillCalledWithOneDeprecationWarning() throws {
        let result = try runScene(presentationStage + """
            delegate = {}
            function delegate:presentationController(presented, presenting, source)
              return Card.new(presented, presenting)
            end
            card.transitioningDelegate = delegate
            root:present(card, false)
            transit.wait(0.1)
            first = tostring(card.presentationController)
            card:dismiss(false)
            transit.wait(0.1)
            root:present(card, false)
            transit.wait(0.1)
            """)
        #expect(try result.text("first") == "<CardPresentationController>")
        #expect(try result.text("tostring(card.presentationController)") == "<CardPresentationController>")
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
        let deprecations = result.warnings.filter { $0.contains("deprecated") }
        #expect(deprecations.count == 1, "\(result.warnings)")
        #expect(deprecations.first?.contains("/scene.lua:11: deprecated: `presentationController` is the former name of `presentationControllerForPresented`") == true,
                "\(deprecations)")
        #expect(result.world.trace.lines.contains { $0.contains("deprecated: `presentationController`") })
    }

    @Test func theStubsMarkTheFormerNameDeprecated() {
        let stubs = LuaRuntime.apiDescription.luaLanguageServerDefinitions
        #expect(stubs.contains("---@field presentationControllerForPresented? fun(self: UIViewControllerTransitioningDelegate, presented: UIViewController"))
        #expect(stubs.contains("---@deprecated renamed `presentationControllerForPresented`"))
        #expect(stubs.contains("function UIViewControllerTransitioningDelegate:presentationController(presented, presenting, source) end"))
        #expect(!stubs.contains("---@field presentationController? fun("))
    }
}

@Suite struct SwiftSpeltHookTests {
    private func hookTypos(_ world: World) -> [String] {
        world.problemRecords.filter { $0.id == .hookTypo }.map(\.message)
    }

    /// The issue's case: a navigation delegate set in a scene, its hook written as Swift's base
    /// name. Before, the system push ran with 0 problems.
    @Test func aNavigationDelegatesSwiftBaseNameIsReportedWithTheLuaForm() throws {
        let result = try runScene("""
            inbox = UIViewController.new{ backgroundColor = UIColor.white }
            message = UIViewController.new{ backgroundColor = UIColor.blue }
            nav = UINavigationController.new(inbox)
            transit.window.rootViewController = nav
            transit.wait(0.05)
            local d = {}
            function d:navigationController(nav, op, from, to)
              return nil
            end
            nav.delegate = d
            nav:pushViewController(message, true)
            transit.wait(1)
            """)
        let problems = hookTypos(result.world)
        #expect(problems.count == 1, "\(result.world.problems)")
        #expect(problems.first?.hasSuffix("/scene.lua:7: navigationController(nav, op, from, to) is not a hook Transit calls: "
                + "UIKit's navigationController(_:animationControllerFor:from:to:) is animationControllerForOperation(navigationController, operation, fromVC, toVC) in Lua "
                + "(UINavigationControllerDelegate, docs/porting.md \"Hook names\"); did you mean `animationControllerForOperation`?") == true, "\(problems)")
    }

    /// A base name several hooks share stands for the one taking as many arguments.
    @Test func aSharedBaseNameMeansTheHookWithAsManyArguments() throws {
        let result = try runScene("""
            inbox = UIViewController.new{ backgroundColor = UIColor.white }
            nav = UINavigationController.new(inbox)
            transit.window.rootViewController = nav
            transit.wait(0.05)
            local d = {}
            function d:navigationController(nav, shown, animated) end
            nav.delegate = d
            nav:pushViewController(UIViewController.new(), false)
            transit.wait(0.2)
            """)
        let problem = try #require(hookTypos(result.world).first)
        #expect(problem.hasSuffix("did you mean `willShow`?"), "\(problem)")
    }

    /// On a transitioning delegate: the Swift base name, the labels run together, and the
    /// Objective-C selector's first part, each reported where it is defined.
    @Test func aTransitioningDelegatesSwiftSpellingsAreReported() throws {
        let result = try runScene(presentationStage + """
            delegate = {}
            function delegate:animationController(presented, presenting, source) return nil end
            function delegate:animationControllerForDismissedController(dismissed) return nil end
            function delegate:presentationControllerForPresentedPresentingSource(presented, presenting, source)
              return Card.new(presented, presenting)
            end
            card.transitioningDelegate = delegate
            root:present(card, false)
            transit.wait(0.1)
            """)
        let problems = hookTypos(result.world)
        #expect(problems.count == 3, "\(result.world.problems)")
        #expect(problems.contains { $0.contains("/scene.lua:11: animationController(presented, presenting, source) is not a hook Transit calls: UIKit's animationController(forPresented:presenting:source:) is animationControllerForPresented(presented, presenting, source) in Lua") }, "\(problems)")
        // The Objective-C selector's first part.
        #expect(problems.contains { $0.contains("/scene.lua:12: animationControllerForDismissedController(dismissed) is not a hook Transit calls: UIKit's animationController(forDismissed:) is animationControllerForDismissed(dismissed) in Lua") }, "\(problems)")
        #expect(problems.contains { $0.contains("/scene.lua:13: presentationControllerForPresentedPresentingSource(presented, presenting, source) is not a hook Transit calls")
            && $0.hasSuffix("did you mean `presentationControllerForPresented`?") }, "\(problems)")
        // Nothing called them: UIKit's own presentation controller ran.
        #expect(try result.text("tostring(card.presentationController)") != "<CardPresentationController>")
    }

    @Test func anEffectFilesSwiftSpellingIsReported() throws {
        let world = try runNamingEffect("""
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration(ctx) return 0.2 end
            function Fade:animateTransition(ctx)
              local to = ctx:view("to")
              if ctx:viewController("to").presentingViewController == ctx:viewController("from") then ctx.containerView:addSubview(to) end
              ctx:completeTransition(true)
            end
            function Fade:interactionControllerForPresentationUsing(animator) return nil end
            return Fade.new()
            """, named: "fade.lua")
        let problems = hookTypos(world)
        #expect(problems.count == 1, "\(world.problems)")
        #expect(problems.first?.hasSuffix("did you mean `interactionControllerForPresentation`?") == true, "\(problems)")
        #expect(problems.first?.contains("fade.lua:8: interactionControllerForPresentationUsing(animator) is not a hook Transit calls") == true, "\(problems)")
    }

    /// A Lua subclass of a view controller: `viewWillTransition` is Swift's base name of
    /// viewWillTransition(to:with:), viewWillTransitionToSize in Lua.
    @Test func aSubclassesSwiftSpellingOfAClassHookIsReported() throws {
        let result = try runScene("""
            Screen = UIViewController:subclass("Screen")
            function Screen:viewWillTransition(size, coordinator) end
            transit.window.rootViewController = Screen.new{ backgroundColor = UIColor.white }
            transit.wait(0.1)
            """)
        let problem = try #require(hookTypos(result.world).first, "\(result.world.problems)")
        #expect(problem.contains("/scene.lua:2: viewWillTransition(size, coordinator) is not a hook Transit calls: UIKit's viewWillTransition(to:with:) is viewWillTransitionToSize(size, coordinator) in Lua"), "\(problem)")
    }

    /// The former name of a renamed hook is no spelling to report: it works.
    @Test func theFormerNameIsNotReported() throws {
        let result = try runScene(presentationStage + """
            delegate = { presentationController = function(_, presented, presenting) return Card.new(presented, presenting) end }
            card.transitioningDelegate = delegate
            root:present(card, false)
            transit.wait(0.1)
            """)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    @Test func everyHookHasItsSpellingsAndNoneIsALuaName() {
        let api = LuaRuntime.apiDescription
        let hooks = api.protocols.flatMap(\.hooks) + api.classes.flatMap(\.hooks)
        let names = Set(hooks.map(\.name))
        let spellings = SwiftSpellings.hookSpellings(hooks, exclude: KnownMembers.allHooks)
        #expect(spellings["navigationController"]?.hook == "animationControllerForOperation")
        #expect(spellings["animationController"]?.hook == "animationControllerForPresented")
        #expect(spellings["animationControllerForPresentedPresentingSource"]?.hook == "animationControllerForPresented")
        #expect(spellings["navigationControllerAnimationControllerForOperation"]?.hook == "animationControllerForOperation")
        #expect(spellings["tableView"] != nil && spellings["gestureRecognizer"] != nil)
        #expect(spellings.keys.allSatisfy { !names.contains($0) })
    }
}

/// Runs `source` as an effect file in the default scene.
private func runNamingEffect(_ source: String, named name: String) throws -> World {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-naming-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(name)
    try Data(source.utf8).write(to: file)
    let world = World(device: Device.named("iPhone 15")!)
    let runtime = try LuaRuntime(world: world)
    runtime.output = { _ in }
    var run = SceneRun()
    run.effectScene = try #require(LuaRuntime.defaultScriptsDirectory).appendingPathComponent("scenes/default.lua")
    try runtime.runScene(file, run)
    return world
}

@Suite struct SwiftSpeltMethodTests {
    private func firstLine(_ h: Harness, _ source: String) throws -> String {
        let message = try #require(try h.error(source))
        return String(message.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    @Test func aCoordinatorsSwiftAnimateNamesTheLuaForm() throws {
        let result = try runScene(presentationStage + """
            root:present(card, true)
            local coordinator = card.transitionCoordinator
            ok, message = pcall(function() coordinator:animate(function() end, nil) end)
            plain = tostring(coordinator.notAMember)
            transit.wait(1)
            """)
        #expect(try result.bool("ok") == false)
        let message = try #require(try result.text("message"))
        #expect(message.contains("UIViewControllerTransitionCoordinator.animate is UIKit's Swift name (animate(alongsideTransition:completion:)); "
                                 + "in Lua call coordinator:animateAlongsideTransition(animation, completion)"), "\(message)")
        #expect(try result.text("plain") == "nil")
    }

    @Test func aPresentationControllersSuperInitSaysWhatToWrite() throws {
        let h = try Harness()
        let message = try firstLine(h, """
            local Card = UIPresentationController:subclass("Card")
            function Card:init(presented, presenting)
              UIPresentationController.init(self, presented, presenting)
            end
            """ + "\nreturn Card.new(UIViewController.new(), nil)")
        #expect(message.hasPrefix("test.lua:3: UIPresentationController.init is UIKit's Swift initializer (super.init(presentedViewController:presenting:)); in Lua there is nothing to call"), "\(message)")
        #expect(message.contains("`function MyPresentation:init(presented, presenting) ... end` without the super call"), "\(message)")
    }

    @Test func objectiveCAndSwiftNamesOfViewMethodsNameTheLuaForm() throws {
        let h = try Harness()
        let below = try firstLine(h, "local v, w = UIView.new(), UIView.new()\nv:insertSubviewBelowSubview(w, v)")
        #expect(below.hasPrefix("test.lua:2: UIView.insertSubviewBelowSubview is UIKit's Objective-C name (insertSubview(_:belowSubview:)); in Lua call view:insertSubviewBelow(view, sibling)"), "\(below)")
        let animate = try firstLine(h, "UIView.animateWithDuration(0.3, function() end)")
        #expect(animate.contains("in Lua call UIView.animate{duration=, delay=, options=, animations=, completion=} or UIView.animate(duration, animations, completion)"), "\(animate)")
        let inherited = try firstLine(h, "local Card = UIView:subclass('Card')\nreturn Card.animateWithDuration")
        #expect(inherited.contains("UIView.animateWithDuration is UIKit's Objective-C name"), "\(inherited)")
    }

    /// The respondsToSelector idiom: every other unknown member still reads as nil.
    @Test func unknownMembersStillReadAsNil() throws {
        let h = try Harness()
        #expect(try h.run("local v = UIView.new(); return tostring(v.someOptionalThing) .. ' ' .. tostring(UIView.noSuchThing) .. ' ' .. tostring(v.insertSubviewBelow ~= nil)") == "nil nil true")
        // iOS 7's context has no view(forKey:): `if ctx.view then` reads nil and takes the other branch.
        let result = try runScene("""
            root = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = root
            transit.wait(0.05)
            local Fade = {}
            function Fade:transitionDuration() return 0.1 end
            function Fade:animateTransition(ctx)
              if ctx.view then hadView = "yes" else hadView = "no" end
              local to = ctx:viewController("to")
              if to.presentingViewController == ctx:viewController("from") then ctx.containerView:addSubview(to.view) end
              ctx:completeTransition(true)
            end
            local shown = UIViewController.new{ backgroundColor = UIColor.red }
            shown.transitioningDelegate = { animationControllerForPresented = function() return Fade end }
            shown.modalPresentationStyle = "custom"
            root:present(shown, true)
            transit.wait(0.5)
            """, ios: 7)
        #expect(try result.text("hadView") == "no")
    }
}

@Suite struct ArgumentFormTests {
    private func firstLine(_ h: Harness, _ source: String) throws -> String {
        let message = try #require(try h.error(source))
        return String(message.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    @Test func tooManyArgumentsNameTheLuaForm() throws {
        let h = try Harness()
        let animate = try firstLine(h, "UIView.animate(0.3, 0, {}, function() end, nil)")
        #expect(animate.hasPrefix("test.lua:1: UIView.animate: expected at most 3 arguments (got 5): the Lua form is UIView.animate(durationOrOptions, animations, completion); "
                                  + "use UIView.animate{duration=, delay=, options=, animations=, completion=} or UIView.animate(duration, animations, completion)"), "\(animate)")
        // Every bound function's count error names its form, with ':' for a method.
        let remove = try firstLine(h, "UIView.new():removeFromSuperview(1)")
        #expect(remove == "test.lua:1: UIView.removeFromSuperview: expected at most 0 arguments (got 1): the Lua form is UIView:removeFromSuperview()", "\(remove)")
    }

    @Test func overloadedUIKitNamesListTheirLuaForms() throws {
        let h = try Harness()
        let insert = try firstLine(h, "local v, w = UIView.new(), UIView.new()\nv:insertSubview(w, v)")
        #expect(insert.hasPrefix("test.lua:2: UIView.insertSubview: argument 2 (index) must be an integer (got UIView); "), "\(insert)")
        #expect(insert.contains("view:insertSubviewBelow(view, sibling)"), "\(insert)")
        let transform = try firstLine(h, "return CGAffineTransform(2, 2)")
        #expect(transform.hasPrefix("test.lua:1: CGAffineTransform.new: argument 3 (c) must be a number (got no value); "), "\(transform)")
        #expect(transform.contains("CGAffineTransform(scaleX:y:) is CGAffineTransform.scale(sx, sy)"), "\(transform)")
        let scaleX = try firstLine(h, "return CGAffineTransform.scaleX(2, 2)")
        #expect(scaleX.contains("CGAffineTransform.scaleX is UIKit's Swift name (CGAffineTransform(scaleX:y:)); in Lua call CGAffineTransform.scale(sx, sy)"), "\(scaleX)")
    }
}
