locals {
  label = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "b" {
  count = 1
  input = true
}

resource "terraform_data" "cache" {
  input = "v-${terraform.workspace}"
  depends_on = [terraform_data.b]

  lifecycle {
    create_before_destroy = true
    replace_triggered_by = [terraform_data.b]
  }
}

resource "terraform_data" "a" {
  for_each = { x = "1", y = "2" }
  input = "${each.key}=${each.value}"
}

resource "terraform_data" "web" {
  input = terraform_data.cache.output
  triggers_replace = [1, 2]
}

module "boxes" {
  source = "./modules/box"
  count  = 2
  in = "m"
  n = 2
}

output "summary" {
  value = terraform_data.b[*].output
}
