// A function nothing in the file calls (a setter Transit's scene calls, as UIKit sets an outlet)
// takes its parameters' types from its LuaLS annotations: an API class, and a table of named
// fields, a struct named after the parameter.

import UIKit

struct Badge {
    let text: String
    let count: Int?
}

final class Delegate: NSObject, UITabBarControllerDelegate {
    var tabBarController: UITabBarController!
    var badge: Badge!

    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        return nil
    }

    func install(_ tabBarController: UITabBarController, _ badge: Badge) {
        tabBarController.delegate = self
        self.tabBarController = tabBarController
        self.badge = badge
        if badge.count != nil {
            tabBarController.title = badge.text
        }
    }
}
