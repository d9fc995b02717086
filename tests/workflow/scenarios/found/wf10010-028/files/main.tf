resource "terraform_data" "a" {
  input = var.size
  triggers_replace = [1, 2]

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "b" {
  input = "v-${terraform.workspace}"
  triggers_replace = "v1"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "db" {
  for_each = toset(["a", "b"])
  input = length([terraform_data.a.id])
  triggers_replace = terraform_data.b.id
}

resource "terraform_data" "queue" {
  for_each = toset(["k1", "k2", "k3"])

  lifecycle {
    create_before_destroy = true
    ignore_changes = all
  }
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 0
}
