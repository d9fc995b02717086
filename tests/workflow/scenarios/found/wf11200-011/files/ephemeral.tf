variable "token" {
  type      = string
  default   = "abc123"
  ephemeral = true
}

module "token_mod" {
  source = "./modules/ephem"
  token  = var.token
}

output "token_mod_plain" {
  value = module.token_mod.plain
}

output "token_obj" {
  value = ephemeralasnull({ token = var.token, fixed = "x" })
}

resource "terraform_data" "token_trig" {
  triggers_replace = var.token
}
