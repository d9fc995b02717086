resource "terraform_data" "db" {
  count = var.size
  input = "v-${terraform.workspace}"
  triggers_replace = "v1"
}

resource "terraform_data" "b" {
  input = var.size
}

resource "terraform_data" "web" {
  for_each = toset(["k1", "k2", "k3"])
  input = terraform_data.db[*].id
  triggers_replace = "v1"
}

resource "terraform_data" "web1" {
  input = var.size

  lifecycle {
    replace_triggered_by = [terraform_data.db]
  }
}

module "nested" {
  source = "./modules/nest"
  count  = 1
  input = "deep"
}

output "out" {
  value = terraform_data.web1.id
}

output "out1" {
  value = terraform_data.b.output
}
