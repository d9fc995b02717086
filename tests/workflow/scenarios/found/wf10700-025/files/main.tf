resource "terraform_data" "b" {
  for_each = { x = "1", y = "2" }
  input = "${each.key}=${each.value}"
}

resource "terraform_data" "app" {
  input = true
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 2
}

output "out" {
  value = var.enabled
  sensitive = true

  precondition {
    condition     = length(jsonencode(var.enabled)) < 0
    error_message = "The precondition failed."
  }
}

output "ids" {
  value = terraform.workspace
}
