locals {
  count_of = "pre-${terraform.workspace}"
}

locals {
  label = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "cache" {
  input = { a = 1, b = "x" }
}

resource "terraform_data" "app" {
  input = "v-${terraform.workspace}"
}

resource "terraform_data" "app1" {
  input = terraform_data.app.id
}

output "ids" {
  value = terraform_data.cache.output
}
