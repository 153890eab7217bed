local SIZE = CGRect(0, 0, 100, 100)
return require("modules.factory").make("Made", { frame = SIZE }, CGRect(0, 0, 1, 1))
