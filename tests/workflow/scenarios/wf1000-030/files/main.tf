locals {
  count_of = [1, 2, 3]
}

locals {
  label = "pre-${terraform.workspace}"
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "b" {
  count = 3
  input = { a = 1, b = "x" }
}

resource "terraform_data" "item" {
  for_each = toset(["k1", "k2", "k3"])

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "cache" {
  count = 1
  input = [for v in terraform_data.item : v.id]
  depends_on = [terraform_data.item]
}

resource "terraform_data" "app" {
  count = 1
  input = terraform_data.b[*].id
  depends_on = [terraform_data.item]
}

output "result" {
  value = terraform_data.cache[*].output
}

check "health" {
  assert {
    condition     = terraform.workspace != "dev"
    error_message = "Check health failed."
  }
}
